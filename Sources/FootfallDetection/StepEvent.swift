/// A step the detector has counted, proposes, or takes back.
///
/// Final steps are reported in time order, but not at the moment they happen: the walking
/// gate holds the candidate steps of a stretch until the decision over its bout is made, and
/// credits them all at once. Live, with `DetectorConfiguration.showsProvisionalSteps`, a step
/// is also reported as soon as the forward (filtered) look at its bout says walking, as
/// `provisional`; when the decision is made it is reported again, `final`, or `withdrawn` when
/// the decision refused it. `time` is always the moment of the step itself, on the same clock
/// as the input samples.
public struct StepEvent: Sendable, Equatable {
    /// Which of the decision's looks a step event reports.
    public enum Kind: UInt8, Sendable, Equatable {
        /// The forward look at the step's bout says walking; the decision is still to come.
        case provisional
        /// The decision counted it: it is in the count for good.
        case final
        /// A provisional step the decision refused: it leaves the pending count, and never counted.
        case withdrawn
    }

    /// When the step happened, in seconds on the input's clock.
    public var time: Double
    /// Running cadence at this step, in steps per minute.
    public var cadence: Double
    /// Which look reports it (always `final` without `showsProvisionalSteps`).
    public var kind: Kind

    /// Creates a step event.
    /// - Parameters:
    ///   - time: seconds on the input's clock.
    ///   - cadence: steps per minute.
    ///   - kind: provisional, final or withdrawn.
    @inlinable
    public init(time: Double, cadence: Double, kind: Kind = .final) {
        self.time = time
        self.cadence = cadence
        self.kind = kind
    }
}
