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
}

extension DetectorObserver {
    /// Ignores candidates by default.
    public mutating func observe(candidate: StepCandidate) {}
    /// Ignores judgements by default.
    public mutating func observe(judgement: GateJudgement) {}
}

/// An observer that does nothing.
public struct NoObserver: DetectorObserver {
    /// Creates one.
    public init() {}
    /// Does nothing.
    public mutating func observe(_ frame: DetectorFrame) {}
}
