import FootfallGoals
import FootfallVocabulary

/// Steps to add to one wall-clock minute of one source: what the daemon counted since its last
/// flush. The store adds a delta to the minute's row (creating it if needed), never overwrites
/// it, so a wall clock that jumps back and revisits a minute adds to what was already written.
public struct MinuteDelta: Sendable, Equatable {
    /// Unix time, in seconds, of the minute's start; a multiple of 60.
    public var start: Int64
    /// The kind of sensor that counted the steps.
    public var source: SensorBackend
    /// The local day the minute belongs to, as decided by the daemon. When the minute already
    /// has a row, the row keeps the day it was first written with.
    public var day: LocalDay
    /// Steps to add; normally positive (the schema refuses a row whose steps would go below 0).
    public var steps: Int
    /// Sum of the cadences, in steps per minute, of the steps being added, so that a minute's
    /// average cadence stays `cadenceSum / steps` however many deltas it was written in.
    public var cadenceSum: Double

    /// Creates a delta for one minute of one source.
    public init(start: Int64, source: SensorBackend, day: LocalDay, steps: Int, cadenceSum: Double) {
        self.start = start
        self.source = source
        self.day = day
        self.steps = steps
        self.cadenceSum = cadenceSum
    }
}
