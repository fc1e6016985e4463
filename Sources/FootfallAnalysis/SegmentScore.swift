import FootfallTraces

/// Where a recording's counted steps fell among its labelled segments (geotec-tug's timed
/// up-and-go: seated, standing up, walking, turning, sitting down), scored as the shared
/// datasets' `evaluate_segments.py` scores them: steps in walking or turning are walk steps,
/// every other step is a false step (steps while sitting down can be real: people step as
/// they turn to the chair, so those are also counted on their own).
public struct SegmentScore: Sendable, Codable, Equatable {
    /// Where the device was (the sidecar's placement), for the per-placement table.
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

    enum CodingKeys: String, CodingKey {
        case placement, execution
        case walkSeconds = "walk_s"
        case stillSeconds = "still_s"
        case walkSteps = "walk_steps"
        case seatedSteps = "seated_steps"
        case standingUpSteps = "standing_up_steps"
        case sittingDownSteps = "sitting_down_steps"
    }

    /// Steps outside walking and turning: all false, bar some while sitting down.
    public var falseSteps: Int { seatedSteps + standingUpSteps + sittingDownSteps }

    /// Scores step times against segments.
    /// - Parameters:
    ///   - stepTimes: the counted steps, seconds on the trace's clock.
    ///   - segments: the labelled segments.
    ///   - placement: where the device was.
    ///   - name: the recording's name (`sNN_EE_wrist`).
    public init(stepTimes: [Double], segments: [TraceSidecar.Segment], placement: String, name: String) {
        self.placement = placement
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

/// One placement's segment scores in a dataset, as `evaluate_segments.py` prints them.
public struct SegmentSummary: Sendable, Codable, Equatable {
    /// Where the devices were.
    public var placement: String
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

    enum CodingKeys: String, CodingKey {
        case placement, recordings
        case walkSteps = "walk_steps"
        case stepsPerWalkingSecond = "steps_per_walking_s"
        case noStepRecordings = "no_step"
        case falseSteps = "false_steps"
        case falseStepsPerHour = "false_steps_per_still_h"
        case seatedSteps = "seated_steps"
        case standingUpSteps = "standing_up_steps"
        case sittingDownSteps = "sitting_down_steps"
    }

    /// Sums the scores of one placement.
    public init(placement: String, scores: [SegmentScore]) {
        self.placement = placement
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
        var byExecution: [String: [Int]] = [:]
        for score in scores {
            guard let segments = score.segments else { continue }
            byExecution[segments.execution, default: []].append(score.counted)
        }
        let differences = byExecution.values.filter { $0.count == 2 }.map { abs($0[0] - $0[1]) }
        guard let middle = median(differences.map(Double.init)) else { return nil }
        executions = differences.count
        medianDifference = middle
        meanDifference = Double(differences.reduce(0, +)) / Double(differences.count)
        maximumDifference = differences.max() ?? 0
    }
}
