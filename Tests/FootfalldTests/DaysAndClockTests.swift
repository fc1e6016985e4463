import Foundation
import Testing
import FootfallGoals
import FootfallProtocol
import FootfallTestSupport

/// Days roll over at the configured start, DST days keep every step, with the wall clock
/// injected so midnight comes in seconds.
@Suite(.serialized)
struct DaysAndClockTests {
    let walk = SampleTracesLocation.path("bangle/100_1.csv")

    func days(_ daemon: DaemonProcess, from: String, to: String) async throws -> [DayTotal] {
        guard case .history(let history) = try await daemon.ask(.history(.init(granularity: .day, from: localDay(from), to: localDay(to)))) else {
            throw DaemonTestError.unexpected("no HISTORY")
        }
        return history.days ?? []
    }

    @Test func midnightSplitsTheWalkAcrossTwoDays() async throws {
        let daemon = try DaemonProcess()
        // 79 s of walking at 8x: about 10 s, with local midnight 5 s in.
        try await daemon.start(["--replay", walk, "--speed", "8", "--test-clock-start", "2026-03-27T23:59:55+01:00"],
                               environment: ["TZ": "Europe/Berlin"])
        let finished = try await daemon.waitFor("the replay to finish") { $0.source.state == .finished }
        let records = try await days(daemon, from: "2026-03-27", to: "2026-03-28")
        #expect(finished.day == localDay("2026-03-28"))
        #expect(records.count == 2)
        #expect(records[0].steps > 0 && records[1].steps > 0, "\(records)")
        #expect(records[0].steps + records[1].steps == SampleTracesLocation.goldenSteps("bangle/100_1.csv"), "every step on one of the two days")
        #expect(records[1].steps == finished.steps)
        try await daemon.stop()
    }

    @Test func dayStartAtFourMovesTheEdge() async throws {
        let daemon = try DaemonProcess()
        let config = daemon.folder + "/footfalld.yaml"
        try "day_start: \"04:00\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        try await daemon.start(["--config", config, "--replay", walk, "--speed", "8", "--test-clock-start", "2026-05-10T00:00:05+02:00"],
                               environment: ["TZ": "Europe/Berlin"])
        let finished = try await daemon.waitFor("the replay to finish") { $0.source.state == .finished }
        // Past midnight but before 04:00: still the day before.
        #expect(finished.day == localDay("2026-05-09"))
        #expect(finished.steps == SampleTracesLocation.goldenSteps("bangle/100_1.csv"))
        try await daemon.stop()
    }

    @Test(arguments: [("2026-03-29T01:59:55+01:00", "2026-03-29"), ("2026-10-25T02:59:55+02:00", "2026-10-25")])
    func daylightSavingChangeKeepsEveryStep(start: String, day: String) async throws {
        let daemon = try DaemonProcess()
        try await daemon.start(["--replay", walk, "--speed", "8", "--test-clock-start", start], environment: ["TZ": "Europe/Berlin"])
        let finished = try await daemon.waitFor("the replay to finish") { $0.source.state == .finished }
        #expect(finished.day == localDay(day))
        #expect(finished.steps == SampleTracesLocation.goldenSteps("bangle/100_1.csv"))
        guard case .history(let history) = try await daemon.ask(.history(.init(granularity: .minute, from: localDay(day), to: localDay(day)))) else {
            throw DaemonTestError.unexpected("no HISTORY")
        }
        let minutes = try #require(history.minutes)
        #expect(minutes.reduce(0) { $0 + $1.steps } == SampleTracesLocation.goldenSteps("bangle/100_1.csv"))
        // Minutes are filed by UTC start: the clock change makes no hole and no overlap.
        let starts = minutes.map(\.start)
        #expect(starts == starts.sorted() && Set(starts).count == starts.count)
        #expect(starts.last! - starts.first! <= 120, "one or two minutes of walking, not an hour apart")
        try await daemon.stop()
    }
}
