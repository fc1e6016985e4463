import FootfallGoals
import FootfallTestSupport
import Testing
@testable import FootfallService

/// Where a batch's steps go, on a real SQLite file: written in the sensor thread's own beat when
/// the device keeps its samples meanwhile, handed to the store's service when it does not (a
/// waiting thread would lose evdev samples) or when the store is failing (a locked database
/// holds a write for its busy timeout).
@Suite(.serialized, .timeLimit(.minutes(1)))
struct BatchHandoverTests {
    let today = localDay("2026-06-01")

    func handover(_ folder: StateFolder, _ ledger: StepLedger) throws -> (BatchHandover, StoreHandle, StoreWriter) {
        let store = StoreHandle(try folder.open(), directory: folder.path, logger: quietLogger)
        let writer = StoreWriter(store: store, ledger: ledger, hub: EventHub(), executor: BlockingExecutor(label: "test-store"),
                                 logger: quietLogger)
        return (BatchHandover(ledger: ledger, writer: writer), store, writer)
    }

    @Test func aBatchFromADeviceThatKeepsItsSamplesIsOnDiskWhenTheHandoverReturns() throws {
        let folder = try StateFolder()
        let ledger = try emptyLedger()
        let (handover, store, _) = try handover(folder, ledger)
        handover.ingest(SensorUpdate(steps: steps(12), samples: 100, walking: true, cadence: 110, backend: .iio, deviceKeepsSamples: true))
        #expect(ledger.unwrittenSteps == 0)
        #expect(try store.current.dayTotal(today) == 12)
        handover.ingest(SensorUpdate(steps: steps(3), samples: 100, walking: true, cadence: 110, backend: .iio, deviceKeepsSamples: true))
        #expect(try store.current.dayTotal(today) == 15)
    }

    @Test func aBatchFromADeviceReadAsSamplesComeIsLeftToTheStoreService() async throws {
        let folder = try StateFolder()
        let ledger = try emptyLedger()
        let (handover, store, _) = try handover(folder, ledger)
        handover.ingest(SensorUpdate(steps: steps(7), samples: 100, walking: true, cadence: 110, backend: .evdev))
        #expect(ledger.unwrittenSteps == 7)
        #expect(try store.current.dayTotal(today) == 0)
        var rings = handover.store.rings.makeAsyncIterator()
        #expect(await rings.next() != nil, "the store's service is woken to write")
    }

    @Test func aFailingStoreIsLeftToTheStoreServiceUntilItWorksAgain() async throws {
        let folder = try StateFolder()
        let ledger = try emptyLedger()
        let (handover, store, writer) = try handover(folder, ledger)
        try store.current.close()  // every write fails now
        handover.ingest(SensorUpdate(steps: steps(4), samples: 100, walking: true, cadence: 110, backend: .iio, deviceKeepsSamples: true))
        #expect(writer.isFailing)
        #expect(ledger.unwrittenSteps == 4, "kept in memory")
        // While failing, the sensor thread does not try again (each try could wait the busy timeout).
        store.replace(with: try folder.open())
        handover.ingest(SensorUpdate(steps: steps(2), samples: 100, walking: true, cadence: 110, backend: .iio, deviceKeepsSamples: true))
        #expect(ledger.unwrittenSteps == 6)
        var rings = handover.store.rings.makeAsyncIterator()
        #expect(await rings.next() != nil, "the store's service is woken to write")
        // The service's write works: the sensor thread writes again from the next batch on.
        #expect(await writer.write() == nil)
        #expect(try store.current.dayTotal(today) == 6)
        handover.ingest(SensorUpdate(steps: steps(1), samples: 100, walking: true, cadence: 110, backend: .iio, deviceKeepsSamples: true))
        #expect(ledger.unwrittenSteps == 0)
        #expect(try store.current.dayTotal(today) == 7)
    }
}
