/// The current row of a query, valid inside the closure that is given it: values by column
/// index, read as Swift types.
public struct SQLiteRow {
    let statement: SQLiteStatement

    /// The number of columns.
    public var count: Int { Int(statement.columnCount) }

    /// The stored value of column `index` (0-based).
    public subscript(index: Int) -> SQLiteValue { statement.column(Int32(index)) }

    /// Column `index` as a `T`.
    /// - Throws: ``SQLiteError`` with `SQLITE_MISMATCH`, naming the column and the value, when
    ///   the stored value does not read as a `T` (a null for a number, a text that is not a day).
    public func value<T: SQLiteValueConvertible>(_ type: T.Type = T.self, at index: Int) throws(SQLiteError) -> T {
        let stored = self[index]
        guard let value = T(sqliteValue: stored) else {
            throw SQLiteError(code: .mismatch,
                              message: "column \(statement.columnName(Int32(index))) holds \(stored), not a \(T.self)",
                              sql: statement.sql)
        }
        return value
    }
}
