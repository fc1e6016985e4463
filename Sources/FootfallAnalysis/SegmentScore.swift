import FootfallTraces

/// Where a recording's counted steps fell among its labelled segments (geotec-tug's timed
/// up-and-go: seated, standing up, walking, turning, sitting down), scored as the shared
/// datasets' `evaluate_segments.py` scores them: steps in walking or turning are walk steps,
/// every other step is a false step (steps while sitting down can be real: people step as
/// they turn to the chair, so those are also counted on their own).
public struct SegmentScore: Sendable, Codable, Equatable {
    /// The row of the table the recording is summed into: its label where the sidecar gives
    /// one (wisdm-watch's "walking", "stairs", "jogging"), else its placement (geotec-tug's
    /// "wrist", "pocket").
    public var group: String
    /// Where the device was (the sidecar's placement).
    public var placement: String
    /// The execution the recording belongs to: its name without the last `_placement` part,
    /// so that two devices worn in one execution pair up.
    public var execution: String
    /// Seconds of walking and turning.
    public var walkSeconds: Double
    /// Seconds of every other segment.
    public var stillSeconds: Double
    /// Steps counted in walking or turning.
    public var walkSteps: Int
    /// Steps counted while seated (and outside every segment).
    public var seatedSteps: Int
    /// Steps counted while standing up.
    public var standingUpSteps: Int
    /// Steps counted while sitting down.
    public var sittingDownSteps: Int
    /// The recording's step frequency from its spectrum, Hz, when it was measured.
    public var spectralStepFrequency: Double?

    enum CodingKeys: String, CodingKey {
        case group, placement, execution
        case spectralStepFrequency = "spectral_step_hz"
        case walkSeconds = "walk_s"
        case stillSeconds = "still_s"
        case walkSteps = "walk_steps"
        case seatedSteps = "seated_steps"
        case standingUpSteps = "standing_up_steps"
        case sittingDownSteps = "sitting_down_steps"
    }

    /// Steps outside walking and turning: all false, bar some while sitting down.
    public var falseSteps: Int { seatedSteps + standingUpSteps + sittingDownSteps }

    /// Steps counted per second of walking and turning (nil without any).
    public var stepsPerWalkingSecond: Double? { walkSeconds > 0 ? Double(walkSteps) / walkSeconds : nil }

    /// Counted steps per second over the spectral step frequency: 1 when every step of the
    /// walk was counted, whatever its cadence (nil when not measured).
    public var rateOverSpectralFrequency: Double? {
        guard let rate = stepsPerWalkingSecond, let frequency = spectralStepFrequency, frequency > 0 else { return nil }
        return rate / frequency
    }

    /// Scores step times against segments.
    /// - Parameters:
    ///   - stepTimes: the counted steps, seconds on the trace's clock.
    ///   - segments: the labelled segments.
    ///   - group: the table row it is summed into (the label, else the placement).
    ///   - placement: where the device was.
    ///   - name: the recording's name (`sNN_EE_wrist`).
    ///   - spectralStepFrequency: the walk's step frequency from its spectrum, when measured.
    public init(stepTimes: [Double], segments: [TraceSidecar.Segment], group: String, placement: String, name: String,
                spectralStepFrequency: Double? = nil) {
        self.group = group
        self.placement = placement
        self.spectralStepFrequency = spectralStepFrequency
        if let cut = name.lastIndex(of: "_") {
            execution = String(name[..<cut])
        } else {
            execution = name
        }
        walkSeconds = segments.filter(\.label.isWalking).reduce(0) { $0 + ($1.end - $1.start) }
        stillSeconds = segments.filter { !$0.label.isWalking }.reduce(0) { $0 + ($1.end - $1.start) }
        var walk = 0, seated = 0, standing = 0, sitting = 0
        for time in stepTimes {
            // The first segment holding the step, boundaries included; outside all: seated.
            switch segments.first(where: { $0.start <= time && time <= $0.end })?.label ?? .seated {
            case .walking, .turning: walk += 1
            case .seated: seated += 1
            case .standingUp: standing += 1
            case .sittingDown: sitting += 1
            }
        }
        (walkSteps, seatedSteps, standingUpSteps, sittingDownSteps) = (walk, seated, standing, sitting)
    }
}

/// One group's segment scores in a dataset (a placement of geotec-tug, a label of
/// wisdm-watch), as `evaluate_segments.py` prints them.
public struct SegmentSummary: Sendable, Codable, Equatable {
    /// The group: the recordings' label, else their placement.
    public var group: String
    /// Recordings.
    public var recordings: Int
    /// Steps counted in walking or turning.
    public var walkSteps: Int
    /// Steps per second of walking and turning.
    public var stepsPerWalkingSecond: Double
    /// Recordings with no step counted in their walk.
    public var noStepRecordings: Int
    /// Steps outside walking and turning.
    public var falseSteps: Int
    /// Those per hour of the segments outside walking and turning.
    public var falseStepsPerHour: Double
    /// Steps counted while seated, standing up and sitting down.
    public var seatedSteps: Int
    /// See `seatedSteps`.
    public var standingUpSteps: Int
    /// See `seatedSteps`.
    public var sittingDownSteps: Int
    /// Per recording, counted steps per second of walking: the median and the lowest.
    public var medianStepsPerSecond: Double?
    /// See `medianStepsPerSecond`.
    public var lowestStepsPerSecond: Double?
    /// The median over recordings of their counted steps per second over their spectral step
    /// frequency (recordings whose spectrum was measured).
    public var medianRateOverSpectralFrequency: Double?

    enum CodingKeys: String, CodingKey {
        case group, recordings
        case medianStepsPerSecond = "median_steps_per_s"
        case lowestStepsPerSecond = "lowest_steps_per_s"
        case medianRateOverSpectralFrequency = "median_rate_over_spectral"
        case walkSteps = "walk_steps"
        case stepsPerWalkingSecond = "steps_per_walking_s"
        case noStepRecordings = "no_step"
        case falseSteps = "false_steps"
        case falseStepsPerHour = "false_steps_per_still_h"
        case seatedSteps = "seated_steps"
        case standingUpSteps = "standing_up_steps"
        case sittingDownSteps = "sitting_down_steps"
    }

    /// Sums the scores of one group.
    public init(group: String, scores: [SegmentScore]) {
        self.group = group
        recordings = scores.count
        walkSteps = scores.reduce(0) { $0 + $1.walkSteps }
        let walkSeconds = scores.reduce(0) { $0 + $1.walkSeconds }
        let stillSeconds = scores.reduce(0) { $0 + $1.stillSeconds }
        stepsPerWalkingSecond = walkSeconds > 0 ? Double(walkSteps) / walkSeconds : 0
        noStepRecordings = scores.filter { $0.walkSteps == 0 }.count
        falseSteps = scores.reduce(0) { $0 + $1.falseSteps }
        falseStepsPerHour = stillSeconds > 0 ? Double(falseSteps) / stillSeconds * 3600 : 0
        seatedSteps = scores.reduce(0) { $0 + $1.seatedSteps }
        standingUpSteps = scores.reduce(0) { $0 + $1.standingUpSteps }
        sittingDownSteps = scores.reduce(0) { $0 + $1.sittingDownSteps }
        let rates = scores.compactMap(\.stepsPerWalkingSecond)
        medianStepsPerSecond = median(rates)
        lowestStepsPerSecond = rates.min()
        medianRateOverSpectralFrequency = median(scores.compactMap(\.rateOverSpectralFrequency))
    }
}

/// How far apart two devices worn in the same executions counted: one walk, two devices.
public struct PairedCounts: Sendable, Codable, Equatable {
    /// Executions seen by two devices.
    public var executions: Int
    /// The median of |first - second| over them, steps.
    public var medianDifference: Double
    /// The mean, steps.
    public var meanDifference: Double
    /// The largest, steps.
    public var maximumDifference: Int

    enum CodingKeys: String, CodingKey {
        case executions
        case medianDifference = "median_difference"
        case meanDifference = "mean_difference"
        case maximumDifference = "max_difference"
    }

    /// Pairs the recordings of each execution seen by exactly two placements; nil when none is.
    /// The counts compared are all the steps counted in each recording.
    public init?(_ scores: [RecordingScore]) {
        var byExecution: [String: [(placement: String, counted: Int)]] = [:]
        for score in scores {
            guard let segments = score.segments else { continue }
            byExecution[segments.execution, default: []].append((segments.placement, score.counted))
        }
        // One walk seen by two devices: two recordings of one execution, worn in two places
        // (not three recordings of one person's activities at the same wrist).
        let differences = byExecution.values.filter { $0.count == 2 && $0[0].placement != $0[1].placement }
            .map { abs($0[0].counted - $0[1].counted) }
        guard let middle = median(differences.map(Double.init)) else { return nil }
        executions = differences.count
        medianDifference = middle
        meanDifference = Double(differences.reduce(0, +)) / Double(differences.count)
        maximumDifference = differences.max() ?? 0
    }
}
