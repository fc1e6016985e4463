import GRDB

/// One change of the daily goal, kept so history can show which goal applied when: a row of
/// the `goal_change` table, whose autoincremented id orders the changes as they were written.
public struct GoalChange: Sendable, Equatable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "goal_change"
    public static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    public static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

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

    /// The columns used in queries.
    public enum Columns {
        /// Not a property: SQLite numbers the rows as they are inserted.
        public static let id = Column("id")
    }
}
