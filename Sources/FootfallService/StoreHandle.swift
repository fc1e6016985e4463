import FootfallStore
import Logging
import NIOConcurrencyHelpers

/// The daemon's store, which can be replaced while running: when the database turns out to
/// be corrupt, `StoreRecovery` moves it aside and puts a fresh one in its place, and everyone
/// holding the handle uses the new one from then on.
public final class StoreHandle: Sendable {
    private let database: NIOLockedValueBox<FootfallDatabase>
    /// The state directory, for a replacement; nil for a store that cannot be replaced (in memory).
    public let directory: String?
    /// The store's logger, for a replacement.
    let logger: Logger

    /// Wraps an open store.
    public init(_ database: FootfallDatabase, directory: String?, logger: Logger) {
        self.database = NIOLockedValueBox(database)
        self.directory = directory
        self.logger = logger
    }

    /// The store in use.
    public var current: FootfallDatabase { database.withLockedValue { $0 } }

    /// Puts `fresh` in place of the store in use.
    func replace(with fresh: FootfallDatabase) {
        database.withLockedValue { $0 = fresh }
    }
}
