import FootfallGoals
import FootfallSQLite

/// The steps of one local day and the goal that was in effect when the day was last updated:
/// a row of the `day_total` table. Day totals are kept apart from minutes, so retention that
/// deletes old minutes keeps them.
public struct DayTotal: Sendable, Equatable, Codable {
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

    /// The columns a query selects to read a day total with ``init(row:)``.
    static let columns = "day, steps, goal"

    /// Reads a row selected with ``columns``.
    init(row: SQLiteRow) throws(SQLiteError) {
        day = try row.value(at: 0)
        steps = try row.value(at: 1)
        goal = try row.value(at: 2)
    }

    /// Adds `steps` to `day`'s total and records `goal` for it, creating the row if needed.
    static func add(steps: Int, to day: LocalDay, goal: Int, in db: SQLiteConnection) throws(SQLiteError) {
        try db.run("""
            INSERT INTO day_total (day, steps, goal) VALUES (?, ?, ?)
            ON CONFLICT (day) DO UPDATE SET steps = steps + excluded.steps, goal = excluded.goal
            """, [day.sqliteValue, steps.sqliteValue, goal.sqliteValue])
    }

    /// Adds `steps` to `day`'s total, keeping its goal.
    /// - Returns: false when the day has no row yet (and so no goal to keep).
    static func add(steps: Int, to day: LocalDay, in db: SQLiteConnection) throws(SQLiteError) -> Bool {
        try db.run("UPDATE day_total SET steps = steps + ? WHERE day = ?", [steps.sqliteValue, day.sqliteValue]) > 0
    }
}
