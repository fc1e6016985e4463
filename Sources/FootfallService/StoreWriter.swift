import FootfallProtocol
import FootfallStore
import Logging
import NIOConcurrencyHelpers

/// Writes what the ledger holds to SQLite in one transaction: the one home of the daemon's
/// writes, used from the sensor thread (`BatchHandover`, in the batch's own beat) and from
/// `StoreService` (on the store's queue).
///
/// Every write takes the ledger's batch and writes it on the store's queue (`BlockingExecutor`),
/// serialised with the history reads, so a read never sees steps that are in neither the ledger
/// nor the store. When a write fails (disk full, database locked) the steps go back to the
/// ledger, counting goes on, the log says so once per kind of failure, and the next write
/// carries everything; a store found corrupt is replaced (`StoreRecovery`). Milestones are
/// announced to watchers only once stored, so a restart never announces one twice.
public final class StoreWriter: Sendable {
    let store: StoreHandle
    let ledger: StepLedger
    let hub: EventHub
    let executor: BlockingExecutor
    let logger: Logger
    /// The failure in force (its description), so each kind is logged once.
    let failure = NIOLockedValueBox<String?>(nil)

    /// Creates the writer.
    public init(store: StoreHandle, ledger: StepLedger, hub: EventHub, executor: BlockingExecutor, logger: Logger) {
        self.store = store
        self.ledger = ledger
        self.hub = hub
        self.executor = executor
        self.logger = logger
    }

    /// Whether the last write failed (the store is locked, full or closed).
    public var isFailing: Bool { failure.withLockedValue { $0 != nil } }

    /// Writes on the calling thread, in the store's queue's turn: it waits for a history read
    /// in progress and for the disk (a WAL commit without fsync, usually well under a
    /// millisecond; up to the busy timeout when another process holds the database's lock).
    /// - Returns: the failure in force, if any.
    @discardableResult
    public func writeHere() -> String? {
        let outcome = executor.runHere { self.takeAndWrite() }
        return settle(outcome)
    }

    /// Writes on the store's queue, without occupying the calling thread.
    /// - Returns: the failure in force, if any.
    @discardableResult
    public func write() async -> String? {
        let outcome = try? await executor.run { self.takeAndWrite() }
        return settle(outcome)
    }

    /// Takes the ledger's batch and writes it; on the store's queue. Nil when there was nothing to write.
    func takeAndWrite() -> Result<StoreBatch, StoreError>? {
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

    /// Logs a change of failure, announces stored milestones; returns the failure in force.
    func settle(_ outcome: Result<StoreBatch, StoreError>?) -> String? {
        guard let outcome else { return failure.withLockedValue { $0 } }
        let kind: String? = if case .failure(let error) = outcome { "\(error)" } else { nil }
        let previous = failure.withLockedValue { failing in
            defer { failing = kind }
            return failing
        }
        switch outcome {
        case .success(let batch):
            if previous != nil {
                logger.notice("writing to the store again; nothing was lost", metadata: ["store.steps": "\(batch.steps)"])
            }
            for record in batch.milestones {
                hub.publish(DaemonEvent(.milestone(record)))
            }
        case .failure(let error):
            if kind != previous {
                logger.error("\(error); \(ledger.unwrittenSteps) steps are kept in memory and will be written when the store works again")
            }
        }
        return kind
    }
}
