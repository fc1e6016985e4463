/// What the detector saw at one processing step, for plots and diagnostics.
public struct DetectorFrame: Sendable, Equatable {
    /// Centre of the processing period, seconds on the input's clock.
    public var time: Double
    /// Resampled acceleration magnitude, m/s².
    public var magnitude: Double
    /// Band-passed magnitude, m/s².
    public var filtered: Double
    /// The height a peak needs now to start a walk, m/s².
    public var threshold: Double
    /// The walking gate's state.
    public var gate: GateState
    /// How the current walk was confirmed, while walking.
    public var confirmation: Confirmation?

    /// Creates a frame.
    public init(time: Double, magnitude: Double, filtered: Double, threshold: Double, gate: GateState,
                confirmation: Confirmation? = nil) {
        self.time = time
        self.magnitude = magnitude
        self.filtered = filtered
        self.threshold = threshold
        self.gate = gate
        self.confirmation = confirmation
    }
}

/// Receives every processing frame of a detector; used by `footfall plot`.
///
/// The detector is generic over its observer, so the default `NoObserver` compiles away.
public protocol DetectorObserver {
    /// Called once per processing period (25 times a second by default).
    mutating func observe(_ frame: DetectorFrame)
    /// Called for each candidate step the peak stage releases, whether or not it is counted.
    mutating func observe(candidate: StepCandidate)
    /// Called for each judgement the walking gate makes of a stretch of candidates.
    mutating func observe(judgement: GateJudgement)
    /// Called when a judged stretch's decision is final (`GateJudgement.node` names it).
    mutating func observe(decision: BoutDecoder.Node)
    /// Called once for every candidate, when its outcome is final: counted, or refused and why.
    mutating func observe(outcome: CandidateOutcome)
    /// Whether the observer wants every stretch of the latest strong candidates measured
    /// (`observe(probe:)`), which costs the detector a few window passes per candidate.
    var wantsProbes: Bool { get }
    /// Called at each strong candidate for the stretches of its last 4 and last 8 strong
    /// candidates, when `wantsProbes`.
    mutating func observe(probe: WindowProbe)
}

extension DetectorObserver {
    /// Ignores candidates by default.
    public mutating func observe(candidate: StepCandidate) {}
    /// Ignores judgements by default.
    public mutating func observe(judgement: GateJudgement) {}
    /// Ignores decisions by default.
    public mutating func observe(decision: BoutDecoder.Node) {}
    /// Ignores outcomes by default.
    public mutating func observe(outcome: CandidateOutcome) {}
    /// Wants no probes by default.
    public var wantsProbes: Bool { false }
    /// Ignores probes by default.
    public mutating func observe(probe: WindowProbe) {}
}

/// An observer that does nothing.
public struct NoObserver: DetectorObserver {
    /// Creates one.
    public init() {}
    /// Does nothing.
    public mutating func observe(_ frame: DetectorFrame) {}
}

/// A stretch of the latest strong candidates, measured the way the walking gate measures the
/// stretches it judges, whatever the gate decided: the material the walking model is trained
/// on (`footfall bench --windows-csv`).
public struct WindowProbe: Sendable, Equatable {
    /// The newest candidate's time.
    public var time: Double
    /// The first candidate's time.
    public var from: Double
    /// How many strong candidates the stretch holds.
    public var steps: Int
    /// Whether its gaps are ones a walk has, so that the gate would judge it.
    public var even: Bool
    /// What the walking model reads of it.
    public var features: WalkingFeatures

    /// Creates a probe.
    public init(time: Double, from: Double, steps: Int, even: Bool, features: WalkingFeatures) {
        self.time = time
        self.from = from
        self.steps = steps
        self.even = even
        self.features = features
    }
}
