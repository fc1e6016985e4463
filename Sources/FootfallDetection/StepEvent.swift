/// A step the detector has counted.
///
/// Steps are reported in time order, but not always at the moment they happen: while the
/// walking gate decides whether a burst of motion is walking, it holds the candidate steps
/// and credits them all at once when walking is confirmed. `time` is always the moment of the
/// step itself, on the same clock as the input samples.
public struct StepEvent: Sendable, Equatable {
    /// When the step happened, in seconds on the input's clock.
    public var time: Double
    /// Running cadence at this step, in steps per minute.
    public var cadence: Double

    /// Creates a step event.
    /// - Parameters:
    ///   - time: seconds on the input's clock.
    ///   - cadence: steps per minute.
    @inlinable
    public init(time: Double, cadence: Double) {
        self.time = time
        self.cadence = cadence
    }
}
