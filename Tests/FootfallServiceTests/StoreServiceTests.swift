import Foundation
import FootfallGoals
import FootfallStore
import FootfallTestSupport
import ServiceLifecycleTestKit
import Testing
@testable import FootfallService

/// The store service in process, on a real SQLite file: the last steps are written on graceful
/// shutdown.
@Suite(.serialized)
struct StoreServiceTests {
    let today = localDay("2026-06-01")

    func service(_ store: StoreHandle, _ ledger: StepLedger, interval: Duration = .seconds(3600)) -> StoreService {
        StoreService(writer: StoreWriter(store: store, ledger: ledger, hub: EventHub(), executor: BlockingExecutor(label: "test-store"),
                                         logger: quietLogger),
                     settings: LiveSettings(RuntimeSettings(stride: 0.74, approximations: false, userName: nil, palette: .standard,
                                                            retentionDays: nil)),
                     logger: quietLogger, interval: interval)
    }

    @Test func gracefulShutdownWritesTheLastSteps() async throws {
        let folder = try StateFolder()
        let store = StoreHandle(try folder.open(), directory: folder.path, logger: quietLogger)
        let ledger = try emptyLedger()
        ledger.ingest(SensorUpdate(steps: steps(42), samples: 2100, walking: true, cadence: 110, backend: .iio))
        // An hour between writes: only the final one can store the steps.
        let service = service(store, ledger)
        try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await service.run() }
                trigger.triggerGracefulShutdown()
                try await group.waitForAll()
            }
        }
        #expect(ledger.unwrittenSteps == 0)
        #expect(try store.current.dayTotal(today) == 42)
        #expect(try store.current.minutes(from: 0, to: .max).allSatisfy { $0.source == .iio })
    }
}
