import FootfallGoals
import FootfallSQLite

/// A milestone reached on a day (half, 1x, 2x, ...): a row of the `milestone` table, which keeps
/// each at most once per day, so the first time it was reached is the one remembered.
public struct MilestoneRecord: Sendable, Equatable, Codable {
    /// The local day.
    public var day: LocalDay
    /// The milestone.
    public var milestone: Milestone
    /// The day's steps when it was reached.
    public var steps: Int
    /// The goal in effect then, in steps.
    public var goal: Int
    /// When it was reached, in Unix seconds.
    public var reachedAt: Double

    /// Creates a milestone record.
    public init(day: LocalDay, milestone: Milestone, steps: Int, goal: Int, reachedAt: Double) {
        self.day = day
        self.milestone = milestone
        self.steps = steps
        self.goal = goal
        self.reachedAt = reachedAt
    }

    /// The columns a query selects to read a milestone with ``init(row:)``.
    static let columns = "day, milestone, steps, goal, reached_at"

    /// Reads a row selected with ``columns``.
    init(row: SQLiteRow) throws(SQLiteError) {
        day = try row.value(at: 0)
        milestone = try row.value(at: 1)
        steps = try row.value(at: 2)
        goal = try row.value(at: 3)
        reachedAt = try row.value(at: 4)
    }

    /// Stores the milestone unless its day already has it: the first time it was reached is the
    /// one that counts. `ON CONFLICT (day, milestone) DO NOTHING` rather than `INSERT OR IGNORE`,
    /// which would also silently drop a row that breaks a CHECK instead of failing the batch.
    func insertUnlessPresent(in db: SQLiteConnection) throws(SQLiteError) {
        try db.run("""
            INSERT INTO milestone (day, milestone, steps, goal, reached_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (day, milestone) DO NOTHING
            """, [day.sqliteValue, milestone.sqliteValue, steps.sqliteValue, goal.sqliteValue, reachedAt.sqliteValue])
    }
}
