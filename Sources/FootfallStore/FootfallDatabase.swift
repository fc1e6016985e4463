import FootfallSQLite
import Logging
import NIOConcurrencyHelpers

/// The daemon's persistent store: per-minute step buckets, per-day totals, the goal history and
/// the milestone log, in one SQLite database (through SQLite's C API, ``SQLiteConnection``).
///
/// On a file, the store is in WAL mode with two connections, one that writes and one that
/// reads: readers (status and history queries) never wait for the once-a-second flush, nor
/// the flush for them. `synchronous = NORMAL`:
/// in WAL mode a commit is then written to the WAL without an fsync, which survives the
/// process being killed at any moment (SIGKILL, a crash, the OOM killer), which is what the
/// daemon needs. A power cut or kernel crash can roll back the commits since the last
/// checkpoint (never corrupting the file); `FULL` would prevent that at the price of an fsync
/// per flush, which wears the flash of a board for one second of steps.
///
/// A busy timeout (2 s by default) bounds how long a write waits for another process that
/// holds a lock: past it, the write fails with ``StoreError/locked(path:code:waited:)``
/// instead of hanging the flush.
///
/// Writes take deltas, not absolute values: the daemon counts in memory and flushes what
/// changed, and every write adds to what is stored. All methods are synchronous and safe to
/// call from any thread; they block for as long as SQLite takes.
public final class FootfallDatabase: Sendable {
    /// The name of the database file in the state directory.
    public static let fileName = "footfall.sqlite"

    /// The busy timeout used unless `open` is given another.
    public static let defaultBusyTimeout: Duration = .seconds(2)

    /// The database file, or nil for an in-memory store.
    public let path: String?

    /// The connection every write goes through, in a transaction. Internal so tests can reach
    /// SQLite directly (raw inserts against the CHECKs, a capped file size).
    let writer: SerializedConnection
    /// The connection reads go through: a second one on a file, the writer in memory (a
    /// second in-memory connection would be another database).
    let reader: SerializedConnection
    let logger: Logger
    let busyTimeout: Duration
    /// Set by `close`, after which every method throws SQLITE_MISUSE.
    private let closed = NIOLockedValueBox(false)

    private init(writer: SerializedConnection, reader: SerializedConnection, path: String?, logger: Logger,
                 busyTimeout: Duration) {
        self.writer = writer
        self.reader = reader
        self.path = path
        self.logger = logger
        self.busyTimeout = busyTimeout
    }

    /// Opens the store in `directory`, creating what is missing, and brings its schema up to
    /// date. A missing directory is created with mode 0700 (and so are missing parents), a
    /// missing database file with mode 0600 (SQLite gives its -wal and -shm files the same).
    /// - Parameters:
    ///   - directory: the state directory, for example `/var/lib/footfall`.
    ///   - logger: where the store logs (at info and below).
    ///   - busyTimeout: how long a statement waits for a lock held by another connection
    ///     before failing with ``StoreError/locked(path:code:waited:)``.
    /// - Returns: the open store.
    /// - Throws: ``StoreError``: `.cannotCreateDirectory`, `.cannotCreateFile`, `.cannotOpen`,
    ///   `.corrupt` (see ``quarantine(directory:logger:)``), `.locked`, `.diskFull` or
    ///   `.migrationFailed`.
    public static func open(directory: String, logger: Logger,
                            busyTimeout: Duration = defaultBusyTimeout) throws(StoreError) -> FootfallDatabase {
        try StateFiles.createDirectory(directory)
        let path = StateFiles.databasePath(in: directory)
        try StateFiles.createPrivateFile(path)
        let writer: SQLiteConnection
        let reader: SQLiteConnection
        do {
            writer = try connect(path: path, mode: .readWriteCreate, busyTimeout: busyTimeout)
            // WAL before the schema: the migrations then go through the WAL too. SQLite answers
            // with the mode in effect, which is not WAL on a file system that cannot share
            // memory between processes.
            let journal = try writer.value(String.self, "PRAGMA journal_mode = WAL")
            guard journal == "wal" else {
                throw SQLiteError(code: .cannotOpen, message: "cannot use a write-ahead log (journal mode \(journal ?? "unknown"))")
            }
            try StoreSchema.migrate(writer, path: path, busyTimeout: busyTimeout)
            reader = try connect(path: path, mode: .readWrite, busyTimeout: busyTimeout)
            try reader.execute("PRAGMA query_only = ON")
        } catch {
            throw StoreError(error, operation: "open the database", path: path, unsavedSteps: 0, busyTimeout: busyTimeout)
        }
        let store = FootfallDatabase(writer: SerializedConnection(writer), reader: SerializedConnection(reader),
                                     path: path, logger: logger, busyTimeout: busyTimeout)
        store.noteNewerSchema()
        logger.info("Opened the step store", metadata: ["store.path": "\(path)"])
        return store
    }

    /// Creates an empty store in memory, with the same schema and rules, for tests.
    /// - Parameter logger: where the store logs; by default nowhere.
    /// - Throws: ``StoreError`` if SQLite cannot create it (out of memory).
    public static func inMemory(
        logger: Logger = Logger(label: "footfall.store", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(StoreError) -> FootfallDatabase {
        let connection: SQLiteConnection
        do {
            connection = try connect(path: ":memory:", mode: .readWriteCreate, busyTimeout: defaultBusyTimeout)
            try StoreSchema.migrate(connection, path: ":memory:", busyTimeout: defaultBusyTimeout)
        } catch {
            throw StoreError(error, operation: "create an in-memory database", path: ":memory:",
                             unsavedSteps: 0, busyTimeout: defaultBusyTimeout)
        }
        let serialized = SerializedConnection(connection)
        return FootfallDatabase(writer: serialized, reader: serialized, path: nil, logger: logger,
                                busyTimeout: defaultBusyTimeout)
    }

    /// Closes the database, after moving the WAL's content into the database file (a
    /// checkpoint), so that the file alone then holds everything, for a backup for example.
    /// Call it at shutdown after the final flush, and before ``quarantine(directory:logger:)``.
    /// Afterwards every method throws; closing again does nothing. A store released without
    /// `close` is closed then, without the checkpoint (the WAL is replayed at the next open).
    /// - Throws: ``StoreError`` if SQLite cannot close (the store stays usable then).
    public func close() throws(StoreError) {
        // Held throughout, so a second `close` waits for the first and then does nothing.
        let result: Result<Void, StoreError> = closed.withLockedValue { closed in
            if closed { return .success(()) }
            do {
                // Best effort: a failed checkpoint (disk full, a reader of another process)
                // loses nothing, since the WAL stays and is replayed at the next open.
                // The reader goes first, so that it holds no snapshot the checkpoint must keep.
                try reader.with { try $0.close() }
                if path != nil { try writer.with { try $0.checkpointTruncatingWAL() } }
            } catch {
                logger.debug("No checkpoint before closing the step store",
                             metadata: ["store.path": "\(displayPath)", "store.error": "\(error)"])
            }
            do {
                try writer.with { try $0.close() }
            } catch {
                return .failure(StoreError(error, operation: "close the database", path: displayPath,
                                           unsavedSteps: 0, busyTimeout: busyTimeout))
            }
            closed = true
            return .success(())
        }
        try result.get()
        logger.debug("Closed the step store", metadata: ["store.path": "\(displayPath)"])
    }

    /// Opens one connection with the settings every connection of the store shares.
    private static func connect(path: String, mode: SQLiteConnection.Mode,
                                busyTimeout: Duration) throws(SQLiteError) -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, mode: mode)
        connection.setBusyTimeout(busyTimeout)
        // See the type's documentation for why NORMAL. Not persistent: each connection says it.
        try connection.execute("PRAGMA synchronous = NORMAL")
        return connection
    }

    /// Logs once when a newer release has migrated the file further than this one knows.
    private func noteNewerSchema() {
        if (try? writer.with { try StoreSchema.hasBeenSuperseded($0) }) == true {
            logger.info("The step store was written by a newer Footfall; it is used as it is",
                        metadata: ["store.path": "\(displayPath)"])
        }
    }

    /// The path for messages: the file, or ":memory:".
    var displayPath: String { path ?? ":memory:" }

    /// Runs `body`, turning whatever it throws into a ``StoreError``.
    /// - Parameters:
    ///   - operation: what is being done, as a verb phrase, for the general error message.
    ///   - unsavedSteps: the steps lost to the caller if `body` fails (a write's batch).
    func perform<T>(_ operation: String, unsavedSteps: Int = 0, _ body: () throws -> T) throws(StoreError) -> T {
        if closed.withLockedValue({ $0 }) {
            throw .sqlite(operation: operation, path: displayPath, code: SQLiteResultCode.misuse.rawValue,
                          message: "the store was closed")
        }
        do {
            return try body()
        } catch {
            throw StoreError(error, operation: operation, path: displayPath, unsavedSteps: unsavedSteps,
                             busyTimeout: busyTimeout)
        }
    }
}

extension FootfallDatabase {
    /// Runs `body` on the reading connection.
    func read<T>(_ body: (SQLiteConnection) throws -> T) rethrows -> T {
        try reader.with(body)
    }

    /// Runs `body` on the writing connection, in one transaction.
    func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try writer.with { db in try db.transaction { try body(db) } }
    }
}
