import FootfallGoals
import GRDB

/// A milestone reached on a day (half, 1x, 2x, ...): a row of the `milestone` table, which keeps
/// each at most once per day, so the first time it was reached is the one remembered.
public struct MilestoneRecord: Sendable, Equatable, Codable, FetchableRecord, TableRecord {
    public static let databaseTableName = "milestone"
    public static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase

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

    /// The columns used in queries.
    public enum Columns {
        public static let day = Column(CodingKeys.day)
        public static let milestone = Column(CodingKeys.milestone)
        public static let reachedAt = Column("reached_at")
    }

    /// Stores the milestone unless its day already has it: the first time it was reached is the
    /// one that counts. `ON CONFLICT (day, milestone) DO NOTHING` rather than `INSERT OR IGNORE`,
    /// which would also silently drop a row that breaks a CHECK instead of failing the batch.
    func insertUnlessPresent(in db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO milestone (day, milestone, steps, goal, reached_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (day, milestone) DO NOTHING
            """)
        try statement.execute(arguments: [day, milestone, steps, goal, reachedAt])
    }
}
