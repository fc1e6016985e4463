import FootfallGoals
import FootfallSQLite
import FootfallVocabulary

/// One minute of one source as the store gives it back for history queries, its cadence
/// averaged: a row of the `minute` table, which keeps the sum of the steps' cadences so a minute
/// written in several `MinuteDelta`s keeps its true average.
public struct StoredMinute: Sendable, Equatable {
    /// Unix time, in seconds, of the minute's start; a multiple of 60.
    public var start: Int64
    /// The kind of sensor that counted the steps.
    public var source: SensorBackend
    /// The local day the minute was first written for.
    public var day: LocalDay
    /// Steps counted in this minute from this source.
    public var steps: Int
    /// Average cadence of those steps, in steps per minute; 0 when the minute has no steps.
    public var cadence: Double

    /// Creates a minute row.
    public init(start: Int64, source: SensorBackend, day: LocalDay, steps: Int, cadence: Double) {
        self.start = start
        self.source = source
        self.day = day
        self.steps = steps
        self.cadence = cadence
    }

    /// The columns a query selects to read a minute with ``init(row:)``.
    static let columns = "start, source, day, steps, cadence_sum"

    /// Reads a row selected with ``columns``, with the minute's average cadence from its sum.
    init(row: SQLiteRow) throws(SQLiteError) {
        start = try row.value(at: 0)
        source = try row.value(at: 1)
        day = try row.value(at: 2)
        steps = try row.value(at: 3)
        let cadenceSum: Double = try row.value(at: 4)
        cadence = steps > 0 ? cadenceSum / Double(steps) : 0
    }

    /// The row as a delta that would write it again (its cadence sum rebuilt from the average).
    public var delta: MinuteDelta {
        MinuteDelta(start: start, source: source, day: day, steps: steps, cadenceSum: cadence * Double(steps))
    }

    /// Adds `delta` to its minute's row, creating the row if needed. Adding, never replacing,
    /// is what makes a minute revisited after a wall-clock jump back keep both counts. An
    /// existing row keeps the day it was first written with.
    static func add(_ delta: MinuteDelta, in db: SQLiteConnection) throws(SQLiteError) {
        try db.run("""
            INSERT INTO minute (start, source, day, steps, cadence_sum) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (start, source) DO UPDATE SET
                steps = steps + excluded.steps,
                cadence_sum = cadence_sum + excluded.cadence_sum
            """, [delta.start.sqliteValue, delta.source.sqliteValue, delta.day.sqliteValue, delta.steps.sqliteValue,
                 delta.cadenceSum.sqliteValue])
    }
}
