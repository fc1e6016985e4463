import GRDB

/// A row of the `milestone` table; responsible for writing it.
struct StoredMilestone: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "milestone"

    var day: String
    var milestone: String
    var steps: Int
    var goal: Int
    var reachedAt: Double

    enum CodingKeys: String, CodingKey {
        case day, milestone, steps, goal
        case reachedAt = "reached_at"
    }

    /// The columns used in queries.
    enum Columns {
        static let day = Column(CodingKeys.day)
        static let reachedAt = Column(CodingKeys.reachedAt)
        static let milestone = Column(CodingKeys.milestone)
    }

    /// The row as the public value type.
    var record: MilestoneRecord {
        MilestoneRecord(day: day, milestone: milestone, steps: steps, goal: goal, reachedAt: reachedAt)
    }

    /// Stores a milestone unless its day already has it: the first time it was reached is the
    /// one that counts. `ON CONFLICT (day, milestone) DO NOTHING` rather than `INSERT OR IGNORE`,
    /// which would also silently drop a row that breaks a CHECK instead of failing the batch.
    static func insertUnlessPresent(_ record: MilestoneRecord, in db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO milestone (day, milestone, steps, goal, reached_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (day, milestone) DO NOTHING
            """)
        try statement.execute(arguments: [record.day, record.milestone, record.steps, record.goal, record.reachedAt])
    }
}
