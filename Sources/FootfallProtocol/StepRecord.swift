/// One counted step on the wire.
public struct StepRecord: Codable, Sendable, Equatable {
    /// When the step happened, Unix seconds.
    public var time: Double
    public var cadenceSpm: Double

    public init(time: Double, cadenceSpm: Double) {
        self.time = time
        self.cadenceSpm = cadenceSpm
    }
}
