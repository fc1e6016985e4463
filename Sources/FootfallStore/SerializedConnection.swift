import FootfallSQLite
import NIOConcurrencyHelpers

/// A SQLite connection that one thread at a time may use: every use holds its lock.
/// `@unchecked Sendable` because the connection itself is not, and the lock is what makes
/// sharing it safe.
final class SerializedConnection: @unchecked Sendable {
    private let lock = NIOLock()
    private let connection: SQLiteConnection

    init(_ connection: SQLiteConnection) {
        self.connection = connection
    }

    /// Runs `body` with the connection, holding the lock throughout.
    func with<T>(_ body: (SQLiteConnection) throws -> T) rethrows -> T {
        try lock.withLock { try body(connection) }
    }
}
