/// One stored minute of one source, as read back for history queries.
public struct MinuteRow: Sendable, Equatable {
    /// Unix time, in seconds, of the minute's start; a multiple of 60.
    public var start: Int64
    /// Where the steps came from: "iio", "evdev" or "replay".
    public var source: String
    /// The local day ("YYYY-MM-DD") the minute was first written for.
    public var day: String
    /// Steps counted in this minute from this source.
    public var steps: Int
    /// Average cadence of those steps, in steps per minute; 0 when the minute has no steps.
    public var cadence: Double

    /// Creates a minute row.
    public init(start: Int64, source: String, day: String, steps: Int, cadence: Double) {
        self.start = start
        self.source = source
        self.day = day
        self.steps = steps
        self.cadence = cadence
    }
}
