import CFootfallSQLite
import FootfallVocabulary

/// One connection to a SQLite database, through SQLite's C API (`sqlite3_open_v2` and
/// friends): statements, transactions, pragmas, the busy timeout and checkpoints, each
/// failure a ``SQLiteError`` with the extended result code.
///
/// A connection is used by one thread at a time: the caller serialises (the store holds a
/// lock around each of its connections). Prepared statements are cached by their SQL, so a
/// statement run once a second is compiled once.
public final class SQLiteConnection {
    /// How a connection opens its file.
    public enum Mode: Sendable {
        /// Read and write, creating the file if it is missing.
        case readWriteCreate
        /// Read and write an existing file. A reader beside a writer in WAL mode opens this way,
        /// with `PRAGMA query_only`: a read-only open cannot always open the WAL's index.
        case readWrite
    }

    /// The path given to `init`, or ":memory:".
    public let path: String
    private var handle: OpaquePointer?
    private var cache: [String: SQLiteStatement] = [:]

    /// Opens (and with `.readWriteCreate`, creates) the database at `path`; ":memory:" gives a
    /// private in-memory database. Opening does not read the file: a file that is not a
    /// database fails at the first statement, with ``SQLiteResultCode/notADatabase``.
    /// - Throws: ``SQLiteError`` (`cannotOpen` for a missing directory or a file it may not open).
    public init(path: String, mode: Mode = .readWriteCreate) throws(SQLiteError) {
        self.path = path
        // NOMUTEX: the caller serialises, so SQLite's own per-connection mutex would be paid
        // for nothing. EXRESCODE: extended result codes from every call.
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        }
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw SQLiteError(code: SQLiteResultCode(rawValue: status), message: message)
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { handle == nil }

    /// Closes the connection, finalising its cached statements. Closing twice does nothing.
    /// - Throws: ``SQLiteError`` when SQLite refuses (a statement of the caller's still open);
    ///   the connection stays open then.
    public func close() throws(SQLiteError) {
        guard let handle else { return }
        cache.removeAll()
        let status = sqlite3_close(handle)
        guard status == SQLITE_OK else { throw error(status) }
        self.handle = nil
    }

    /// How long a statement waits for another connection's lock before failing with
    /// ``SQLiteResultCode/busy``.
    public func setBusyTimeout(_ timeout: Duration) {
        sqlite3_busy_timeout(handle, Int32(clamping: timeout.wholeMilliseconds))
    }

    /// Runs one or more statements that return no rows (`CREATE TABLE ...; INSERT ...`).
    /// - Throws: ``SQLiteError`` for the first statement that fails; the ones before it ran.
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(try open(), sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard status == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            throw SQLiteError(code: SQLiteResultCode(rawValue: sqlite3_extended_errcode(handle)), message: text, sql: sql)
        }
    }

    /// Runs one statement with `arguments` bound to its `?` in order.
    /// - Returns: the rows changed (`sqlite3_changes`) for INSERT, UPDATE and DELETE.
    @discardableResult
    public func run(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> Int {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// The rows of one query, each turned into a `T` by `read` (which may throw a
    /// ``SQLiteError`` of its own for a value that does not read as its type).
    public func rows<T>(_ sql: String, _ arguments: [SQLiteValue] = [],
                        _ read: (SQLiteRow) throws(SQLiteError) -> T) throws(SQLiteError) -> [T] {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        var result: [T] = []
        while try statement.step() {
            result.append(try read(SQLiteRow(statement: statement)))
        }
        return result
    }

    /// The first column of the first row of a query, as a `T`; nil when there is no row.
    /// - Throws: ``SQLiteError``, also when the value does not read as a `T`.
    public func value<T: SQLiteValueConvertible>(_ type: T.Type = T.self, _ sql: String,
                                                  _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> T? {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return try SQLiteRow(statement: statement).value(T.self, at: 0)
    }

    /// The first column of every row of a query, as `T`s.
    public func values<T: SQLiteValueConvertible>(_ type: T.Type = T.self, _ sql: String,
                                                   _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> [T] {
        try rows(sql, arguments) { row throws(SQLiteError) in try row.value(T.self, at: 0) }
    }

    /// Runs `body` in a transaction: `BEGIN IMMEDIATE` (the write lock is taken at once, so a
    /// busy database fails here, after the busy timeout, and not halfway), `COMMIT` when `body`
    /// returns, `ROLLBACK` when it throws or the commit fails.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        let result: T
        do {
            result = try body()
            try execute("COMMIT")
        } catch {
            // A failed COMMIT may have rolled back already; then ROLLBACK fails harmlessly.
            if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
            throw error
        }
        return result
    }

    /// Moves the WAL's content into the database file and truncates the WAL to nothing
    /// (`sqlite3_wal_checkpoint_v2(..., SQLITE_CHECKPOINT_TRUNCATE, ...)`).
    public func checkpointTruncatingWAL() throws(SQLiteError) {
        let status = sqlite3_wal_checkpoint_v2(try open(), nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        guard status == SQLITE_OK else { throw error(status) }
    }

    /// Whether the connection is inside a transaction (`sqlite3_get_autocommit` is 0).
    public var isInTransaction: Bool { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    /// A prepared statement for `sql`, compiled on first use and reused after.
    func cachedStatement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = cache[sql] { return statement }
        var pointer: OpaquePointer?
        let status = sqlite3_prepare_v3(try open(), sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard status == SQLITE_OK, let pointer else { throw error(status, sql: sql) }
        let statement = SQLiteStatement(pointer: pointer, connection: self, sql: sql)
        cache[sql] = statement
        return statement
    }

    /// The open handle, or `SQLITE_MISUSE` after `close`.
    func open() throws(SQLiteError) -> OpaquePointer {
        guard let handle else { throw SQLiteError(code: .misuse, message: "the connection is closed") }
        return handle
    }

    /// The error for a failed call, with the connection's message.
    func error(_ status: Int32, sql: String? = nil) -> SQLiteError {
        let code = handle.map { sqlite3_extended_errcode($0) } ?? status
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
        // sqlite3_extended_errcode is the last error's: prefer it when it agrees with `status`.
        let extended = code & 0xFF == status & 0xFF ? code : status
        return SQLiteError(code: SQLiteResultCode(rawValue: extended), message: message, sql: sql)
    }
}
