import FootfallSQLite

/// One change of the daily goal, kept so history can show which goal applied when: a row of
/// the `goal_change` table, whose autoincremented id orders the changes as they were written.
public struct GoalChange: Sendable, Equatable, Codable {
    /// When the new goal took effect, in Unix seconds.
    public var effectiveAt: Double
    /// The new daily goal, in steps: 1 to 1,000,000 (the schema refuses anything else).
    public var goal: Int
    /// The uid of the client that changed it (from SO_PEERCRED), or nil when it came from the
    /// configuration file or a default.
    public var changedBy: UInt32?

    /// Creates a goal change.
    public init(effectiveAt: Double, goal: Int, changedBy: UInt32?) {
        self.effectiveAt = effectiveAt
        self.goal = goal
        self.changedBy = changedBy
    }

    /// The columns a query selects to read a change with ``init(row:)``. Its `id` is not among
    /// them: SQLite numbers the rows as they are inserted, and queries order by it.
    static let columns = "effective_at, goal, changed_by"

    /// Reads a row selected with ``columns``.
    init(row: SQLiteRow) throws(SQLiteError) {
        effectiveAt = try row.value(at: 0)
        goal = try row.value(at: 1)
        changedBy = try row.value(at: 2)
    }

    /// Appends the change to the history.
    func insert(in db: SQLiteConnection) throws(SQLiteError) {
        try db.run("INSERT INTO goal_change (effective_at, goal, changed_by) VALUES (?, ?, ?)",
                   [effectiveAt.sqliteValue, goal.sqliteValue, changedBy.sqliteValue])
    }
}
