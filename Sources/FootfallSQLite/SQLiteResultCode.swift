import CFootfallSQLite

/// A SQLite result code, extended as SQLite reports it (`SQLITE_BUSY_SNAPSHOT`, 517, say);
/// ``primary`` is its low byte (`SQLITE_BUSY`, 5), which is what callers react to.
public struct SQLiteResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The extended code.
    public let rawValue: Int32

    /// Wraps a code as SQLite returned it.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code: the extended code's low byte.
    public var primary: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xFF) }

    public static let ok = SQLiteResultCode(rawValue: 0)
    public static let error = SQLiteResultCode(rawValue: 1)
    public static let permission = SQLiteResultCode(rawValue: 3)
    public static let busy = SQLiteResultCode(rawValue: 5)
    public static let locked = SQLiteResultCode(rawValue: 6)
    public static let readOnly = SQLiteResultCode(rawValue: 8)
    public static let corrupt = SQLiteResultCode(rawValue: 11)
    public static let full = SQLiteResultCode(rawValue: 13)
    public static let cannotOpen = SQLiteResultCode(rawValue: 14)
    public static let constraint = SQLiteResultCode(rawValue: 19)
    public static let mismatch = SQLiteResultCode(rawValue: 20)
    public static let misuse = SQLiteResultCode(rawValue: 21)
    public static let authorization = SQLiteResultCode(rawValue: 23)
    public static let notADatabase = SQLiteResultCode(rawValue: 26)
    public static let row = SQLiteResultCode(rawValue: 100)
    public static let done = SQLiteResultCode(rawValue: 101)

    /// SQLite's own English for the code ("database is locked").
    public var description: String {
        String(cString: sqlite3_errstr(rawValue))
    }
}
