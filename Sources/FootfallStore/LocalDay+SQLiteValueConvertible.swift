import FootfallGoals
import FootfallSQLite

/// A day is stored as its text, "YYYY-MM-DD", which sorts in calendar order and which the
/// schema's CHECKs recognise; a stored text that is not a date does not read as a day.
extension LocalDay: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .text(description) }

    public init?(sqliteValue: SQLiteValue) {
        guard let text = String(sqliteValue: sqliteValue), let day = try? LocalDay(text) else { return nil }
        self = day
    }
}
