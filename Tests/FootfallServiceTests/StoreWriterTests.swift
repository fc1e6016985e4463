import Foundation
import FootfallGoals
import FootfallStore
import FootfallTestSupport
import Testing
@testable import FootfallService

/// The store's one writer, on real SQLite files: a failing store keeps the steps in memory until
/// it works again, and a store found corrupt while running is replaced with today carried over.
@Suite(.serialized)
struct StoreWriterTests {
    let today = localDay("2026-06-01")

    func writer(_ store: StoreHandle, _ ledger: StepLedger) -> StoreWriter {
        StoreWriter(store: store, ledger: ledger, hub: EventHub(), executor: BlockingExecutor(label: "test-store"), logger: quietLogger)
    }

    @Test func aStoreThatFailsKeepsTheStepsUntilItWorksAgain() async throws {
        let folder = try StateFolder()
        let database = try folder.open()
        let store = StoreHandle(database, directory: folder.path, logger: quietLogger)
        let ledger = try emptyLedger()
        let writer = writer(store, ledger)
        ledger.ingest(SensorUpdate(steps: steps(10), samples: 500, walking: true, cadence: 110, backend: .evdev))
        try database.close()  // every write fails now
        let failing = await writer.write()
        #expect(failing?.contains("the store was closed") == true)
        #expect(ledger.unwrittenSteps == 10)
        ledger.ingest(SensorUpdate(steps: steps(5), samples: 250, walking: true, cadence: 110, backend: .evdev))
        #expect(await writer.write() == failing, "the same failure is not news")
        #expect(writer.isFailing)
        store.replace(with: try folder.open())
        #expect(await writer.write() == nil)
        #expect(!writer.isFailing)
        #expect(ledger.unwrittenSteps == 0)
        #expect(try store.current.dayTotal(today) == 15)
    }

    @Test func aStoreFoundCorruptWhileRunningIsReplacedAndTodayCarriedOver() async throws {
        let folder = try StateFolder()
        // 300 steps stored today before this daemon started, with their minutes.
        do {
            let earlier = try folder.open()
            try earlier.write(StoreBatch(minutes: [MinuteDelta(start: 1_780_300_800, source: .iio, day: today, steps: 300, cadenceSum: 30_000)],
                                         dayGoals: [today: 10_000]))
            try earlier.close()
        }
        let ledger = try emptyLedger(todaySteps: 300)
        // The minute table goes bad under the running daemon.
        try StoreDamage.overwriteRootPage(of: "minute", inDatabaseAt: folder.databasePath)
        let store = StoreHandle(try folder.open(), directory: folder.path, logger: quietLogger)
        ledger.ingest(SensorUpdate(steps: steps(20), samples: 1000, walking: true, cadence: 110, backend: .evdev))
        let writer = writer(store, ledger)
        #expect(await writer.write() == nil)
        #expect(folder.quarantined.count == 1)
        let fresh = store.current
        #expect(try fresh.integrityCheck() == ["ok"])
        #expect(try fresh.dayTotal(today) == 320, "the 300 from before the start as well as the 20 since")
        let minutes = try fresh.minutes(from: 0, to: .max)
        #expect(minutes.reduce(0) { $0 + $1.steps } == 20, "only the minutes the ledger knows; none made up for the 300")
        #expect(minutes.allSatisfy { $0.source == .evdev })
    }
}
