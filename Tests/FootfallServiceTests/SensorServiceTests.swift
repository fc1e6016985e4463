import FootfallDetection
import FootfallInput
import FootfallProtocol
import FootfallTestSupport
import FootfallVocabulary
import NIOConcurrencyHelpers
import ServiceLifecycleTestKit
import Testing
@testable import FootfallService

/// The sensor thread in process: its steps reach the ledger under the device that counted
/// them, and it stops on graceful shutdown.
@Suite(.serialized)
struct SensorServiceTests {
    let walk = SampleTracesLocation.path("oxford/Samsung_Dario_Hard_InHand_1.csv")

    /// Runs the service until `condition` holds, then shuts it down gracefully and waits for it.
    func run(_ sensor: SensorService, until what: String, _ condition: @escaping () -> Bool) async throws {
        try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await sensor.run() }
                try await eventually(what, condition)
                trigger.triggerGracefulShutdown()
                try await group.waitForAll()
            }
        }
    }

    /// Steps are filed under the backend of the device that counted them, evdev's included: a
    /// ledger given one source at start would file every minute that is not a replay as "iio".
    @Test(arguments: [SensorBackend.evdev, .iio])
    func stepsAreFiledUnderTheBackendOfTheDeviceThatCountedThem(backend: SensorBackend) async throws {
        let ledger = try emptyLedger()
        let walk = self.walk
        let sensor = try SensorService(makeSource: {
            let source = try! RelabelledReplay(walk, as: backend)  // the file is the repository's
            try! source.start()
            return source
        }, detector: .default, sink: ledger, logger: quietLogger)
        try await run(sensor, until: "the walk to end") { sensor.status.state == .finished }
        #expect(sensor.status.device?.backend == backend)
        let counted = ledger.figures().steps
        #expect(counted > 200, "the walk has 278 steps")
        let minutes = ledger.takeBatch().minutes
        #expect(minutes.allSatisfy { $0.source == backend }, "\(minutes.map(\.source))")
        #expect(minutes.reduce(0) { $0 + $1.steps } == counted)
    }

    /// A replay hands over batches at the report latency, as a buffered device does,
    /// not a sample at a time; every batch, steps or not, is one update.
    @Test func aReplayIsHandedOverInBatchesOfTheReportLatency() async throws {
        let updates = UpdateRecorder()
        let walk = self.walk
        var input = InputConfiguration()
        input.reportLatency = .milliseconds(400)
        let sensor = try SensorService(makeSource: {
            let source = try! TraceReplaySource(path: walk, speed: 4)
            try! source.start()
            return source
        }, detector: .default, sink: updates, logger: quietLogger, input: input)
        try await run(sensor, until: "a few batches") { updates.sizes.count >= 5 }
        let sizes = updates.sizes
        // At 4x, 0.4 s of real time is 1.6 s of the trace: its rate times 1.6 samples, give or
        // take the scheduler's lateness (a batch is never smaller, only late and larger).
        let rate = try TraceReplaySource(path: walk).device.currentRateHz!
        for size in sizes.dropFirst().dropLast() {
            #expect(Double(size) >= rate * 1.6 * 0.9, "batches: \(sizes)")
        }
    }

    /// A board that boots lying still sleeps the still interval (3 s at least) from its first
    /// batch, not the report latency for a minute first: the batches of a still recording are
    /// still-interval long from the start.
    @Test func aStillStartIsReadInStillIntervalsFromTheFirstBatch() async throws {
        let updates = UpdateRecorder()
        let still = SampleTracesLocation.path("synthetic/still-25hz.csv")
        var input = InputConfiguration()
        input.reportLatency = .milliseconds(400)
        #expect(input.stillInterval == .seconds(3))
        let sensor = try SensorService(makeSource: {
            let source = try! TraceReplaySource(path: still, speed: 4)
            try! source.start()
            return source
        }, detector: .default, sink: updates, logger: quietLogger, input: input)
        try await run(sensor, until: "two batches") { updates.sizes.count >= 2 }
        let sizes = updates.sizes
        // At 4x, a 3 s batch is 12 s of the 25 Hz trace, 300 samples; a batch of the report
        // latency would be 40.
        #expect(sizes.first.map { Double($0) >= 25 * 12 * 0.9 } == true, "batches: \(sizes)")
    }

    @Test func gracefulShutdownStopsTheSensorThreadBetweenReads() async throws {
        let ledger = try emptyLedger()
        let walk = self.walk
        // At real speed the walk would take minutes; shutdown must not wait for it.
        let sensor = try SensorService(makeSource: {
            let source = try! TraceReplaySource(path: walk, speed: 1)
            try! source.start()
            return source
        }, detector: .default, sink: ledger, logger: quietLogger)
        try await run(sensor, until: "samples to arrive") { sensor.status.samplesProcessed > 0 }
        #expect(sensor.status.state == .up, "stopped before the walk's end, not at it")
    }
}

/// Keeps the size of every update the sensor thread hands over.
final class UpdateRecorder: SensorSink {
    let recorded = NIOLockedValueBox<[Int]>([])
    func ingest(_ update: SensorUpdate) { recorded.withLockedValue { $0.append(update.samples) } }
    var sizes: [Int] { recorded.withLockedValue { $0 } }
}
