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
    /// True steps in the recording's walks of four steps or more, and how many were found
    /// (recordings whose sidecar lists its walks).
    public var walkSteps: Int?
    /// See `walkSteps`.
    public var walkStepsFound: Int?
    /// What the recording shows, when its sidecar names it (`label`: "clapping", "jogging").
    public var label: String?
    /// The step frequency of a walking recording without a true count, read off the spectrum
    /// of its acceleration's magnitude (`StepFrequencySpectrum`), Hz; its counted steps per
    /// second are judged against it.
    public var spectralStepFrequency: Double?
    /// Where the counted steps fell among the recording's labelled segments, when its truth is
    /// segments (geotec-tug).
    public var segments: SegmentScore?

    enum CodingKeys: String, CodingKey {
        case dataset, name, activity, counted, match, samples, elapsed
        case trueSteps = "true"
        case duration = "duration_s"
        case walkSteps = "walk4_true", walkStepsFound = "walk4_found", label, segments
        case spectralStepFrequency = "spectral_step_hz"
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
    ///   - spectralStepFrequency: the recording's step frequency from its spectrum, when measured.
    public init(count: TraceCount, sidecar: TraceSidecar, dataset: String, name: String, spectralStepFrequency: Double? = nil) {
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
            let tolerance = sidecar.stepTimeTolerance ?? 0.25
            match = StepMatch(truth: truth, detected: times, tolerance: tolerance)
            if let walks = sidecar.walks {
                let sorted = truth.sorted()
                let found = StepMatch.matchedTruth(truth: sorted, detected: times, tolerance: tolerance)
                var total = 0, hit = 0
                for walk in walks where walk.steps >= 4 {
                    for (k, t) in sorted.enumerated() where t >= walk.start - 1e-6 && t <= walk.end + 1e-6 {
                        total += 1
                        if found[k] { hit += 1 }
                    }
                }
                walkSteps = total
                walkStepsFound = hit
            }
        }
        label = sidecar.label
        self.spectralStepFrequency = spectralStepFrequency
        if let labelled = sidecar.segments, !labelled.isEmpty {
            segments = SegmentScore(stepTimes: count.stepTimes, segments: labelled,
                                    group: sidecar.label ?? sidecar.placement ?? "", placement: sidecar.placement ?? "",
                                    name: name, spectralStepFrequency: spectralStepFrequency)
        }
        duration = sidecar.durationSeconds ?? count.duration
        samples = count.samples
        elapsed = count.elapsed
    }
}

extension TraceSidecar {
    /// A walking recording whose truth is only that it is walking throughout (one walking
    /// segment, no count): wisdm-watch's walking, stairs and jogging.
    var isWalkWithoutCount: Bool {
        activity == .walking && steps == nil && stepTimes == nil
            && !(segments ?? []).isEmpty && (segments ?? []).allSatisfy(\.label.isWalking)
    }
}
