import FootfallGoals
import GRDB

/// A day is stored as its text, "YYYY-MM-DD", which sorts in calendar order and which the
/// schema's CHECKs recognise; a stored text that is not a date does not read as a day.
extension LocalDay: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> LocalDay? {
        String.fromDatabaseValue(dbValue).flatMap { try? LocalDay($0) }
    }
}
