/// A failed SQLite call: its result code (extended), SQLite's message for it, and the
/// statement that failed, if one did.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code.
    public var code: SQLiteResultCode
    /// SQLite's message (`sqlite3_errmsg`), or ours for a value that does not read as its type.
    public var message: String
    /// The SQL that failed, when a statement failed.
    public var sql: String?

    /// Creates an error.
    public init(code: SQLiteResultCode, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    public var description: String {
        "SQLite error \(code.rawValue): \(message)" + (sql.map { " - while executing `\($0)`" } ?? "")
    }
}
