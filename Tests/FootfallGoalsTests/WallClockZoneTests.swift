import Foundation
import Testing
@testable import FootfallGoals

/// The C library's local time (what footfalld uses) against Foundation's zone of the same
/// process: both read `$TZ`, else `/etc/localtime`, from the same time-zone database.
struct WallClockZoneTests {
    /// Whether both read the same zone: an empty or unknown `$TZ` is UTC to the C library but
    /// `/etc/localtime` to Foundation (footfalld unsets such a `$TZ` at start).
    static var sameZoneForBoth: Bool {
        guard let name = ProcessInfo.processInfo.environment["TZ"] else { return true }
        let bare = name.hasPrefix(":") ? String(name.dropFirst()) : name
        return !bare.isEmpty && FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/" + bare)
    }

    @Test(.enabled(if: sameZoneForBoth))
    func localTimeAgreesWithFoundationEveryHourFrom2020To2030() {
        let local = WallClockZone.localTime(identifier: "local")
        let foundation = TimeZone.current
        var disagreements: [Int] = []
        // 2020-01-01 to 2030-01-01, hourly, and the second before each hour (DST edges fall on them).
        for hour in stride(from: 1_577_836_800, to: 1_893_456_000, by: 3600) {
            for second in [hour - 1, hour] {
                let expected = foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(second)))
                if local.secondsFromGMT(atSecond: second) != expected { disagreements.append(second) }
            }
        }
        #expect(disagreements.isEmpty, "\(foundation.identifier): first at \(disagreements.first ?? 0)")
    }

    @Test(.enabled(if: sameZoneForBoth))
    func localTimeDaysAreFoundationsDays() throws {
        let local = try DayBoundary(timeZone: .localTime(identifier: "local"), startHour: 2, startMinute: 30)
        let foundation = try DayBoundary(timeZone: TimeZone.current, startHour: 2, startMinute: 30)
        var day = try LocalDay("2026-01-01")
        while day.year == 2026 {
            #expect(local.interval(of: day) == foundation.interval(of: day), "\(day)")
            day = day.next
        }
    }

    @Test func foundationZonesKeepTheirNameAndRules() throws {
        let berlin = WallClockZone(try #require(TimeZone(identifier: "Europe/Berlin")))
        #expect(berlin.identifier == "Europe/Berlin")
        // 2026-07-01T12:00:00Z: CEST.
        #expect(berlin.secondsFromGMT(atSecond: 1_782_907_200) == 7200)
        #expect(WallClockZone.utc.secondsFromGMT(atSecond: 1_782_907_200) == 0)
    }
}
