#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallProtocol
import FootfallStore
import Logging
import ServiceLifecycle

/// Writes the ledger's new steps to SQLite when the sensor thread could not (`StoreWriter`
/// holds the writing itself): `BatchHandover` writes each batch in its own beat when the device
/// keeps samples while the thread waits, and rings `beats` otherwise (evdev, sysfs polling,
/// a failing store, a new goal), so this service writes on the store's queue, and nothing
/// wakes it while there is nothing to write. (Without `beats`, as in tests, it writes every
/// `interval`.) It prunes old minutes at start and hourly, and on graceful shutdown it writes one
/// last time: it stops after the sensor and the socket.
public struct StoreService: Service, CustomStringConvertible {
    public var description: String { "StoreService" }
    let writer: StoreWriter
    let settings: LiveSettings
    let logger: Logger
    let interval: Duration
    let beats: Doorbell?

    /// Creates the service.
    /// - Parameters:
    ///   - settings: the settings in force; their `retentionDays` prunes old minutes, at most hourly, when writing.
    ///   - beats: rung when the ledger has something to write; nil to write every `interval`.
    ///   - interval: how often to write without `beats`.
    public init(writer: StoreWriter, settings: LiveSettings, logger: Logger, beats: Doorbell? = nil,
                interval: Duration = .milliseconds(500)) {
        self.writer = writer
        self.beats = beats
        self.settings = settings
        self.logger = logger
        self.interval = interval
    }

    public func run() async throws {
        try await withThrowingDiscardingTaskGroup { group in
            // Old minutes go at start and then hourly, whoever writes.
            group.addTask {
                repeat { await prune() } while await Task.pause(for: .seconds(3600))
            }
            if let beats {
                for try await _ in beats.rings.cancelOnGracefulShutdown() {
                    await writer.write()
                }
            } else {
                while Task.shouldContinue {
                    guard await Task.pause(for: interval) else { break }
                    await writer.write()
                }
            }
            group.cancelAll()
        }
        await writer.write()
        logger.info("store flushed", metadata: ["store.unwritten": "\(writer.ledger.unwrittenSteps)"])
    }

    /// Deletes per-minute rows older than the retention, if one is set.
    func prune() async {
        guard let days = settings.current.retentionDays else { return }
        let cutoff = Int64(Date().timeIntervalSince1970) - Int64(days) * 86_400
        let store = writer.store
        if let deleted = try? await writer.executor.run({ try store.current.deleteMinutes(before: cutoff) }), deleted > 0 {
            logger.info("retention: deleted old per-minute rows", metadata: ["store.rows": "\(deleted)", "store.days": "\(days)"])
        }
    }
}
