import FootfallVocabulary
import Foundation
import FootfallDetection
import FootfallGoals
import FootfallInput
import FootfallStore
import FootfallTestSupport
import Logging
@testable import FootfallService

/// A logger that drops everything.
let quietLogger = Logger(label: "footfall.service.tests", factory: { _ in SwiftLogNoOpLogHandler() })

/// 2026-06-01T12:00:00Z, the wall-clock start of the tests' days.
let noonUTC = Date(timeIntervalSince1970: 1_780_315_200)

/// A wall clock that reads `start` now and runs at real speed.
func clock(startingAt start: Date = noonUTC) -> DaemonClock { DaemonClock(start: start, rate: 1) }

/// Days that start at midnight UTC.
let utcDays = DayBoundary.midnight(in: TimeZone(identifier: "UTC")!)

/// A ledger with nothing stored yet, a goal of 10,000, on `clock`.
func emptyLedger(clock: DaemonClock = clock(), todaySteps: Int = 0) throws -> StepLedger {
    StepLedger(clock: clock, boundary: utcDays, goals: try GoalHistory(initialGoal: 10_000), todaySteps: todaySteps,
               reachedToday: [], lifetime: todaySteps)
}

/// `count` steps a second apart, ending now on the monotonic clock, at 110 steps/min.
func steps(_ count: Int, endingAt end: Double = MonotonicClock.now()) -> [(time: Double, cadence: Double)] {
    (0..<count).map { (end - Double(count - 1 - $0), 110) }
}

/// A temporary state directory, removed when the value goes away.
final class StateFolder: Sendable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "footfall-service-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The database file in the folder.
    var databasePath: String { path + "/" + FootfallDatabase.fileName }

    /// Opens the store in the folder.
    func open() throws -> FootfallDatabase { try FootfallDatabase.open(directory: path, logger: quietLogger) }

    /// The files moved aside by a recovery.
    var quarantined: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.contains(".corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
    }
}

/// A recorded trace replayed as fast as it is read, as if it came from a device of another backend.
final class RelabelledReplay: SensorSource {
    let replay: TraceReplaySource
    let device: SensorDevice

    init(_ path: String, as backend: SensorBackend) throws {
        replay = try TraceReplaySource(path: path, speed: nil)
        var device = replay.device
        device.backend = backend
        self.device = device
    }

    func start() throws(SensorError) { try replay.start() }
    func read(into batch: inout [Sample], timeout: Duration) throws(SensorError) -> SensorReadOutcome {
        try replay.read(into: &batch, timeout: timeout)
    }
    func stop() { replay.stop() }
    func monotonicTime(ofSampleTime time: Double) -> Double { replay.monotonicTime(ofSampleTime: time) }
}

/// Waits until `condition` holds, polling; fails after `timeout`. The bound is generous because
/// the parallel test run can keep this task off the two-thread cooperative pool for a while.
func eventually(_ what: String, timeout: Duration = .seconds(120), _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { throw WaitError.timedOut(what) }
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// A wait that ran out.
enum WaitError: Error { case timedOut(String) }

/// A daemon's parts in process, as footfalld wires them but without a sensor thread: a
/// `DaemonCore` on a real store in a temporary folder, its ledger (today 2026-06-01, UTC days,
/// a goal of 10,000) and its event hub. The sensor service is made but never run, so the
/// source is `starting`.
final class DaemonParts: Sendable {
    /// The uid the core takes for the daemon's user (not the test's, so a peer may differ).
    static let daemonUID: UInt32 = 4242
    /// The release the core reports.
    static let release = "9.9.9-test"

    let folder: StateFolder
    let store: StoreHandle
    let ledger: StepLedger
    let hub = EventHub()
    let core: DaemonCore

    init() throws {
        folder = try StateFolder()
        store = StoreHandle(try folder.open(), directory: folder.path, logger: quietLogger)
        ledger = try emptyLedger()
        let sensor = try SensorService(makeSource: { UnavailableSource(reason: "not run in this test") }, detector: .default,
                                       sink: ledger, logger: quietLogger)
        core = DaemonCore(ledger: ledger, store: store, executor: BlockingExecutor(label: "test-store"), sensor: sensor, catalog: nil,
                          release: Self.release,
                          settings: LiveSettings(RuntimeSettings(stride: 0.5, approximations: false, userName: nil, palette: .standard,
                                                                 retentionDays: nil)),
                          daemonUID: Self.daemonUID)
    }

    /// Files `count` steps a second apart, ending now, as an IIO device counted them.
    func walk(_ count: Int) {
        ledger.ingest(SensorUpdate(steps: steps(count), samples: count * 50, walking: true, cadence: 110, backend: .iio))
    }
}
