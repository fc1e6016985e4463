import FootfallGoals
import FootfallSQLite

/// A day total is a row of the `day_total` table. Day totals are kept apart from minutes, so
/// retention that deletes old minutes keeps them.
extension DayTotal {
    /// The columns a query selects to read a day total with ``init(row:)``.
    static let columns = "day, steps, goal"

    /// Reads a row selected with ``columns``.
    init(row: SQLiteRow) throws(SQLiteError) {
        self.init(day: try row.value(at: 0), steps: try row.value(at: 1), goal: try row.value(at: 2))
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
