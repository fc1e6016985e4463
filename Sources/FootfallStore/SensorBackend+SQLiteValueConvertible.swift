import FootfallSQLite
import FootfallVocabulary

/// A minute's source is stored as the backend's name ("iio", "evdev", "replay",
/// "hardware-steps"), the values the schema's CHECK allows.
extension SensorBackend: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .text(rawValue) }

    public init?(sqliteValue: SQLiteValue) {
        guard let text = String(sqliteValue: sqliteValue), let backend = SensorBackend(rawValue: text) else { return nil }
        self = backend
    }
}
