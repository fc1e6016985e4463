import FootfallGoals
import FootfallInput
import GRDB

/// One stored minute of one source, as read back for history queries: a row of the `minute`
/// table, which keeps the sum of the steps' cadences so a minute written in several deltas keeps
/// its true average.
public struct MinuteRow: Sendable, Equatable, FetchableRecord, TableRecord {
    public static let databaseTableName = "minute"

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

    /// Reads a row, with the minute's average cadence from its sum.
    public init(row: Row) throws {
        start = try row.decode(forColumn: Columns.start.name)
        source = try row.decode(forColumn: Columns.source.name)
        day = try row.decode(forColumn: Columns.day.name)
        steps = try row.decode(forColumn: Columns.steps.name)
        let cadenceSum: Double = try row.decode(forColumn: "cadence_sum")
        cadence = steps > 0 ? cadenceSum / Double(steps) : 0
    }

    /// The columns used in queries.
    public enum Columns {
        public static let start = Column("start")
        public static let source = Column("source")
        public static let day = Column("day")
        public static let steps = Column("steps")
    }

    /// The row as a delta that would write it again (its cadence sum rebuilt from the average).
    public var delta: MinuteDelta {
        MinuteDelta(start: start, source: source, day: day, steps: steps, cadenceSum: cadence * Double(steps))
    }

    /// Adds `delta` to its minute's row, creating the row if needed. Adding, never replacing,
    /// is what makes a minute revisited after a wall-clock jump back keep both counts. An
    /// existing row keeps the day it was first written with.
    static func add(_ delta: MinuteDelta, in db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO minute (start, source, day, steps, cadence_sum) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (start, source) DO UPDATE SET
                steps = steps + excluded.steps,
                cadence_sum = cadence_sum + excluded.cadence_sum
            """)
        try statement.execute(arguments: [delta.start, delta.source, delta.day, delta.steps, delta.cadenceSum])
    }
}
