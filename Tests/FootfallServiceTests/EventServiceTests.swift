import FootfallInput
import NIOConcurrencyHelpers
import ServiceLifecycleTestKit
import Testing
@testable import FootfallService

/// Watchers hear once per batch that brought news, and never the same PROGRESS twice.
@Suite(.serialized)
struct EventServiceTests {
    @Test func oneMessageOfEachKindPerBatchAndNoRepeatedProgress() async throws {
        let ledger = try emptyLedger()
        let hub = EventHub()
        let handover = BatchHandover(ledger: ledger)
        let service = EventService(ledger: ledger, hub: hub, beats: handover.events, logger: quietLogger)
        let (watcher, events) = hub.add()
        let seen = NIOLockedValueBox<[DaemonEvent]>([])
        func batch(_ count: Int) {
            handover.ingest(SensorUpdate(steps: steps(count), samples: 100, walking: false, cadence: 0, backend: .replay))
        }
        try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await service.run() }
                group.addTask { for await event in events { seen.withLockedValue { $0.append(event) } } }
                batch(3)
                try await eventually("the first batch's messages") { seen.withLockedValue { $0.count } == 2 }
                // Batches without news, and rings with nothing new: no message at all.
                batch(0)
                handover.events.ring()
                batch(0)
                // Then a batch with steps: its STEP and PROGRESS are the next messages.
                batch(2)
                try await eventually("the last batch's messages") { seen.withLockedValue { $0.count } >= 4 }
                trigger.triggerGracefulShutdown()
                hub.remove(watcher)
            }
        }
        let kinds = seen.withLockedValue { $0 }.map { event -> String in
            switch event.kind {
            case .steps(let steps, let total): return "STEP \(steps.count) \(total)"
            case .provisionalSteps(let steps, let withdrawn, let pending, _): return "PROVISIONAL \(steps.count) \(withdrawn) \(pending)"
            case .progress(let figures): return "PROGRESS \(figures.steps)"
            case .milestone: return "MILESTONE"
            }
        }
        #expect(kinds == ["STEP 3 3", "PROGRESS 3", "STEP 2 5", "PROGRESS 5"])
    }
}
