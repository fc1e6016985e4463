import FootfallGoals
import GRDB

/// A milestone is stored as its short label ("half", "1x", "2x", ...).
extension Milestone: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Milestone? {
        String.fromDatabaseValue(dbValue).flatMap(Milestone.init(label:))
    }
}
