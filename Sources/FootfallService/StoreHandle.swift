import FootfallStore
import Logging
import NIOConcurrencyHelpers

/// The daemon's store, which can be replaced while running: when the database turns out to
/// be corrupt it is moved aside and a fresh one takes its place, and everyone holding the
/// handle uses the new one from then on.
public final class StoreHandle: Sendable {
    private let database: NIOLockedValueBox<FootfallDatabase>
    /// The state directory, for a replacement.
    public let directory: String?
    let logger: Logger

    /// Wraps an open store.
    public init(_ database: FootfallDatabase, directory: String?, logger: Logger) {
        self.database = NIOLockedValueBox(database)
        self.directory = directory
        self.logger = logger
    }

    /// The store in use.
    public var current: FootfallDatabase { database.withLockedValue { $0 } }

    /// Closes the corrupt store, moves its files aside and opens a fresh one.
    /// - Returns: where the corrupt file went.
    public func replaceCorrupt() throws(StoreError) -> String? {
        guard let directory else { return nil }
        try? current.close()
        let moved = try FootfallDatabase.quarantine(directory: directory, logger: logger)
        let fresh = try FootfallDatabase.open(directory: directory, logger: logger)
        database.withLockedValue { $0 = fresh }
        return moved
    }
}
