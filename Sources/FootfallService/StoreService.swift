#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallProtocol
import FootfallStore
import Logging
import ServiceLifecycle

/// Writes the ledger's new steps to SQLite once per batch of the sensor thread that brought
/// something to write (`BatchHandover` rings `beats`), so after a crash at most the last report
/// latency is lost, and nothing wakes it while there is nothing to write. (Without `beats`, as
/// in tests, it writes every `interval`.) When a write fails (disk full, database locked) the steps stay in memory,
/// counting goes on, the log says so once per kind of failure, and the next write carries
/// everything; a store found corrupt is replaced (`StoreRecovery`). Milestones are announced to
/// watchers only once stored, so a restart never announces one twice. On graceful shutdown it
/// writes one last time: it stops after the sensor and the socket.
public struct StoreService: Service, CustomStringConvertible {
    public var description: String { "StoreService" }
    let store: StoreHandle
    let ledger: StepLedger
    let hub: EventHub
    let executor: BlockingExecutor
    let settings: LiveSettings
    let logger: Logger
    let interval: Duration
    let beats: Doorbell?

    /// Creates the service.
    /// - Parameters:
    ///   - settings: the settings in force; their `retentionDays` prunes old minutes, at most hourly, when writing.
    ///   - beats: rung when the ledger has something to write; nil to write every `interval`.
    ///   - interval: how often to write without `beats`.
    public init(store: StoreHandle, ledger: StepLedger, hub: EventHub, executor: BlockingExecutor, settings: LiveSettings,
                logger: Logger, beats: Doorbell? = nil, interval: Duration = .milliseconds(500)) {
        self.beats = beats
        self.store = store
        self.ledger = ledger
        self.hub = hub
        self.executor = executor
        self.settings = settings
        self.logger = logger
        self.interval = interval
    }

    public func run() async throws {
        var failing: String?
        var lastRetention = ContinuousClock.now - .seconds(3600)
        if let beats {
            for try await _ in beats.rings.cancelOnGracefulShutdown() {
                failing = await flush(failing: failing)
                await prune(&lastRetention)
            }
        } else {
            while Task.shouldContinue {
                guard await Task.pause(for: interval) else { break }
                failing = await flush(failing: failing)
                await prune(&lastRetention)
            }
        }
        _ = await flush(failing: failing)
        logger.info("store flushed", metadata: ["store.unwritten": "\(ledger.unwrittenSteps)"])
    }

    /// Deletes per-minute rows older than the retention, at most once an hour.
    func prune(_ lastRetention: inout ContinuousClock.Instant) async {
        guard ContinuousClock.now - lastRetention >= .seconds(3600), let days = settings.current.retentionDays else { return }
        lastRetention = .now
        let cutoff = Int64(Date().timeIntervalSince1970) - Int64(days) * 86_400
        let store = self.store
        if let deleted = try? await executor.run({ try store.current.deleteMinutes(before: cutoff) }), deleted > 0 {
            logger.info("retention: deleted old per-minute rows", metadata: ["store.rows": "\(deleted)", "store.days": "\(days)"])
        }
    }

    /// Writes what changed; returns the failure in force, if any, so it is logged once.
    func flush(failing: String?) async -> String? {
        let ledger = self.ledger, store = self.store, logger = self.logger
        // Take and write on the store's queue, so history reads (on the same queue) never see
        // steps that are in neither the ledger nor the store.
        let outcome = try? await executor.run { () -> Result<StoreBatch, StoreError>? in
            let batch = ledger.takeBatch()
            if batch.isEmpty { return nil }
            do throws(StoreError) {
                try store.current.write(batch)
                return .success(batch)
            } catch .corrupt(let path, let code, let message) {
                do throws(StoreError) {
                    return .success(try StoreRecovery.replace(store, failed: batch, today: ledger.todayRebuildBatch(), day: ledger.today,
                                                              error: .corrupt(path: path, code: code, message: message),
                                                              logger: logger))
                } catch {
                    ledger.restore(batch)
                    return .failure(error)
                }
            } catch {
                ledger.restore(batch)
                return .failure(error)
            }
        }
        guard let outcome = outcome ?? nil else { return failing }
        switch outcome {
        case .success(let batch):
            if failing != nil {
                logger.notice("writing to the store again; nothing was lost", metadata: ["store.steps": "\(batch.steps)"])
            }
            for record in batch.milestones {
                hub.publish(DaemonEvent(.milestone(record)))
            }
            return nil
        case .failure(let error):
            let kind = "\(error)"
            if kind != failing {
                logger.error("\(error); \(ledger.unwrittenSteps) steps are kept in memory and will be written when the store works again")
            }
            return kind
        }
    }
}
