import FootfallGoals
import GRDB

/// The steps of one local day and the goal that was in effect when the day was last updated:
/// a row of the `day_total` table. Day totals are kept apart from minutes, so retention that
/// deletes old minutes keeps them.
public struct DayTotal: Sendable, Equatable, Codable, FetchableRecord, TableRecord {
    public static let databaseTableName = "day_total"

    /// The local day.
    public var day: LocalDay
    /// Steps counted that day, all sources together.
    public var steps: Int
    /// The daily goal, in steps, recorded with the day's last update.
    public var goal: Int

    /// Creates a day total.
    public init(day: LocalDay, steps: Int, goal: Int) {
        self.day = day
        self.steps = steps
        self.goal = goal
    }

    /// The columns used in queries.
    public enum Columns {
        public static let day = Column(CodingKeys.day)
    }

    /// Adds `steps` to `day`'s total and records `goal` for it, creating the row if needed.
    static func add(steps: Int, to day: LocalDay, goal: Int, in db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO day_total (day, steps, goal) VALUES (?, ?, ?)
            ON CONFLICT (day) DO UPDATE SET steps = steps + excluded.steps, goal = excluded.goal
            """)
        try statement.execute(arguments: [day, steps, goal])
    }

    /// Adds `steps` to `day`'s total, keeping its goal.
    /// - Returns: false when the day has no row yet (and so no goal to keep).
    static func add(steps: Int, to day: LocalDay, in db: Database) throws -> Bool {
        let statement = try db.cachedStatement(sql: "UPDATE day_total SET steps = steps + ? WHERE day = ?")
        try statement.execute(arguments: [steps, day])
        return db.changesCount > 0
    }
}
