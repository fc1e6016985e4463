import FootfallVocabulary
import Foundation
import FootfallGoals
import FootfallStore
import Logging

/// A temporary state directory for one test; removed when the value goes away.
final class StoreFixture {
    /// A folder of its own; the store's directory is usually `folder + "/state"`.
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "footfall-store-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The state directory the tests open the store in (not created until the store is opened).
    var directory: String { folder + "/state" }

    /// The database file in ``directory``.
    var databasePath: String { directory + "/" + FootfallDatabase.fileName }

    /// Opens the store in ``directory``.
    func open(busyTimeout: Duration = FootfallDatabase.defaultBusyTimeout) throws(StoreError) -> FootfallDatabase {
        try FootfallDatabase.open(directory: directory, logger: quietLogger, busyTimeout: busyTimeout)
    }
}

/// A logger that drops everything, for stores opened by tests.
let quietLogger = Logger(label: "footfall.store.tests", factory: { _ in SwiftLogNoOpLogHandler() })

/// The Unix time of the start of minute `minute` of 2026-11-22 (UTC).
func minuteStart(_ minute: Int64) -> Int64 { 1_795_305_600 + minute * 60 }

/// A minute delta in a compact form: minute `minute` of 2026-11-22 (UTC), which is also the day
/// it belongs to unless told otherwise.
func delta(minute: Int64, _ steps: Int, source: SensorBackend = .iio, day: LocalDay = localDay("2026-11-22"),
           cadence: Double = 110) -> MinuteDelta {
    MinuteDelta(start: minuteStart(minute), source: source, day: day, steps: steps,
                cadenceSum: Double(steps) * cadence)
}

/// The day a test writes as "YYYY-MM-DD" (a literal the test knows is a date).
func localDay(_ text: String) -> LocalDay {
    do {
        return try LocalDay(text)
    } catch {
        preconditionFailure("\(text) is not a day: \(error)")
    }
}
