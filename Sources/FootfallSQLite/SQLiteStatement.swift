import CFootfallSQLite

/// A prepared statement of a ``SQLiteConnection``: bound, stepped, reset for its next use.
/// Finalised when the connection drops it (at close, or when the connection goes).
final class SQLiteStatement {
    let pointer: OpaquePointer
    unowned let connection: SQLiteConnection
    let sql: String

    init(pointer: OpaquePointer, connection: SQLiteConnection, sql: String) {
        self.pointer = pointer
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(pointer) }

    /// Binds `values` to the statement's parameters, in order.
    /// - Throws: ``SQLiteError`` (`SQLITE_RANGE` for a count that does not match).
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_clear_bindings(pointer)
        let expected = Int(sqlite3_bind_parameter_count(pointer))
        guard values.count == expected else {
            throw SQLiteError(code: SQLiteResultCode(rawValue: SQLITE_RANGE),
                              message: "\(values.count) arguments for \(expected) parameters", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(pointer, index)
            case .integer(let integer): status = sqlite3_bind_int64(pointer, index, integer)
            case .real(let real): status = sqlite3_bind_double(pointer, index, real)
            case .text(var text):
                // By its length in bytes, not up to a NUL: a text may hold NUL characters.
                status = text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { chars in
                        // An empty text still needs a pointer: NULL would bind NULL.
                        sqlite3_bind_text64(pointer, index, chars.baseAddress ?? UnsafePointer(footfall_sqlite_empty_text()),
                                            sqlite3_uint64(chars.count), footfall_sqlite_transient(), UInt8(SQLITE_UTF8))
                    }
                }
            case .blob(let bytes):
                status = bytes.withUnsafeBytes { buffer in
                    sqlite3_bind_blob64(pointer, index, buffer.baseAddress, sqlite3_uint64(buffer.count), footfall_sqlite_transient())
                }
            }
            guard status == SQLITE_OK else { throw connection.error(status, sql: sql) }
        }
    }

    /// Runs the statement to its next row.
    /// - Returns: true when a row is ready to read, false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(pointer) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let status: throw connection.error(status, sql: sql)
        }
    }

    /// Makes the statement ready to run again (its error, if any, was thrown by `step`).
    func reset() {
        sqlite3_reset(pointer)
    }

    /// The value in column `index` of the current row.
    func column(_ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(pointer, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(pointer, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(pointer, index))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(pointer, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(pointer, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(pointer, index))
            guard let bytes = sqlite3_column_blob(pointer, index), count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    /// The name of column `index`.
    func columnName(_ index: Int32) -> String {
        sqlite3_column_name(pointer, index).map { String(cString: $0) } ?? "column \(index)"
    }

    /// The number of columns a row has.
    var columnCount: Int32 { sqlite3_column_count(pointer) }
}
