import GRDB

/// A row of the `day_total` table; responsible for writing it.
struct StoredDayTotal: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "day_total"

    var day: String
    var steps: Int
    var goal: Int

    /// The columns used in queries.
    enum Columns {
        static let day = Column(CodingKeys.day)
        static let steps = Column(CodingKeys.steps)
    }

    /// The row as the public value type.
    var total: DayTotal {
        DayTotal(day: day, steps: steps, goal: goal)
    }

    /// Adds `steps` to `day`'s total and records `goal` for it, creating the row if needed.
    static func add(steps: Int, to day: String, goal: Int, in db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO day_total (day, steps, goal) VALUES (?, ?, ?)
            ON CONFLICT (day) DO UPDATE SET steps = steps + excluded.steps, goal = excluded.goal
            """)
        try statement.execute(arguments: [day, steps, goal])
    }

    /// Adds `steps` to `day`'s total, keeping its goal.
    /// - Returns: false when the day has no row yet (and so no goal to keep).
    static func add(steps: Int, to day: String, in db: Database) throws -> Bool {
        let statement = try db.cachedStatement(sql: "UPDATE day_total SET steps = steps + ? WHERE day = ?")
        try statement.execute(arguments: [steps, day])
        return db.changesCount > 0
    }
}
