import GRDB

/// A row of the `goal_change` table; responsible for writing it.
struct StoredGoalChange: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "goal_change"

    /// Autoincremented, so it orders the changes as they were written.
    var id: Int64?
    var effectiveAt: Double
    var goal: Int
    var changedBy: UInt32?

    enum CodingKeys: String, CodingKey {
        case id, goal
        case effectiveAt = "effective_at"
        case changedBy = "changed_by"
    }

    /// The columns used in queries.
    enum Columns {
        static let id = Column(CodingKeys.id)
    }

    init(_ change: GoalChange) {
        id = nil
        effectiveAt = change.effectiveAt
        goal = change.goal
        changedBy = change.changedBy
    }

    /// The row as the public value type.
    var change: GoalChange {
        GoalChange(effectiveAt: effectiveAt, goal: goal, changedBy: changedBy)
    }
}
