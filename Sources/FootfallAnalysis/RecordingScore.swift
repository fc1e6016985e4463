import FootfallTraces

/// One recording's result in a benchmark run: what was counted against what was true.
public struct RecordingScore: Sendable, Codable, Equatable {
    /// The dataset the recording belongs to (from its sidecar, else its folder's name).
    public var dataset: String
    /// The recording's name (file name without extension).
    public var name: String
    /// What the person was doing.
    public var activity: TraceSidecar.Activity
    /// The true number of steps.
    public var trueSteps: Int
    /// Steps counted (inside the evaluation windows, where the sidecar gives any).
    public var counted: Int
    /// Per-step agreement, where the sidecar has step times.
    public var match: StepMatch?
    /// Length of the recording, seconds.
    public var duration: Double
    /// Samples in the recording.
    public var samples: Int
    /// Seconds spent reading and detecting.
    public var elapsed: Double

    enum CodingKeys: String, CodingKey {
        case dataset, name, activity, counted, match, samples, elapsed
        case trueSteps = "true"
        case duration = "duration_s"
    }

    /// Signed count error, percent of the true count (nil when the truth is 0).
    public var countError: Double? {
        trueSteps > 0 ? Double(counted - trueSteps) / Double(trueSteps) * 100 : nil
    }

    /// Scores a count against a sidecar's truth, following the shared datasets' conventions.
    /// - Parameters:
    ///   - count: what the detector found.
    ///   - sidecar: the truth.
    ///   - dataset: the dataset name to use when the sidecar has none.
    ///   - name: the recording's name.
    public init(count: TraceCount, sidecar: TraceSidecar, dataset: String, name: String) {
        self.dataset = sidecar.dataset ?? dataset
        self.name = name
        activity = sidecar.activity ?? .walking
        trueSteps = sidecar.steps ?? sidecar.stepTimes?.count ?? 0
        var times = count.stepTimes
        if let windows = sidecar.evaluationWindows, !windows.isEmpty {
            times = times.filter { t in windows.contains { $0.count == 2 && t >= $0[0] - 0.5 && t <= $0[1] + 0.5 } }
        }
        counted = times.count
        if let truth = sidecar.stepTimes {
            match = StepMatch(truth: truth, detected: times, tolerance: sidecar.stepTimeTolerance ?? 0.25)
        }
        duration = sidecar.durationSeconds ?? count.duration
        samples = count.samples
        elapsed = count.elapsed
    }
}
