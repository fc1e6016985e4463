import GRDB

/// A row of the `minute` table; responsible for writing it.
struct StoredMinute: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "minute"

    var start: Int64
    var source: String
    var day: String
    var steps: Int
    var cadenceSum: Double

    enum CodingKeys: String, CodingKey {
        case start, source, day, steps
        case cadenceSum = "cadence_sum"
    }

    /// The columns used in queries.
    enum Columns {
        static let start = Column(CodingKeys.start)
    }

    /// The row as the public value type, with the minute's average cadence.
    var row: MinuteRow {
        MinuteRow(start: start, source: source, day: day, steps: steps,
                  cadence: steps > 0 ? cadenceSum / Double(steps) : 0)
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
