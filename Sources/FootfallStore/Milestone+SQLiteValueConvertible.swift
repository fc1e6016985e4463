import FootfallGoals
import FootfallSQLite

/// A milestone is stored as its short label ("half", "1x", "2x", ...).
extension Milestone: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .text(description) }

    public init?(sqliteValue: SQLiteValue) {
        guard let text = String(sqliteValue: sqliteValue), let milestone = Milestone(label: text) else { return nil }
        self = milestone
    }
}
