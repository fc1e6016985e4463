import Foundation
import Testing
@testable import FootfallGoals

/// DayBoundary in fixed zones around their 2026 clock changes, with injected instants only.
struct DayBoundaryTests {
    static func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier), "time zone \(identifier) is missing from this system's tzdata")
    }

    /// An instant written in UTC, e.g. "2026-03-29T01:00:00Z".
    static func utc(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text), "bad test instant \(text)")
    }

    static func day(_ text: String) throws -> LocalDay { try LocalDay(text) }

    @Test func berlinDaysAreTwentyThreeAndTwentyFiveHoursAtTheChanges() throws {
        let berlin = DayBoundary.midnight(in: try Self.zone("Europe/Berlin"))
        let spring = berlin.interval(of: try Self.day("2026-03-29"))
        #expect(spring.start == (try Self.utc("2026-03-28T23:00:00Z")))
        #expect(spring.end == (try Self.utc("2026-03-29T22:00:00Z")))
        #expect(spring.duration == 23 * 3600)
        let autumn = berlin.interval(of: try Self.day("2026-10-25"))
        #expect(autumn.start == (try Self.utc("2026-10-24T22:00:00Z")))
        #expect(autumn.end == (try Self.utc("2026-10-25T23:00:00Z")))
        #expect(autumn.duration == 25 * 3600)
        #expect(berlin.interval(of: try Self.day("2026-07-01")).duration == 24 * 3600)
        #expect(berlin.day(containing: try Self.utc("2026-03-28T22:59:59Z")) == (try Self.day("2026-03-28")))
        #expect(berlin.day(containing: try Self.utc("2026-03-28T23:00:00Z")) == (try Self.day("2026-03-29")))
        #expect(berlin.day(containing: try Self.utc("2026-10-25T22:59:59Z")) == (try Self.day("2026-10-25")))
    }

    @Test func newYorkDaysAreTwentyThreeAndTwentyFiveHoursAtTheChanges() throws {
        let newYork = DayBoundary.midnight(in: try Self.zone("America/New_York"))
        let spring = newYork.interval(of: try Self.day("2026-03-08"))
        #expect(spring.start == (try Self.utc("2026-03-08T05:00:00Z")))
        #expect(spring.duration == 23 * 3600)
        let autumn = newYork.interval(of: try Self.day("2026-11-01"))
        #expect(autumn.start == (try Self.utc("2026-11-01T04:00:00Z")))
        #expect(autumn.end == (try Self.utc("2026-11-02T05:00:00Z")))
        #expect(autumn.duration == 25 * 3600)
    }

    @Test func aDayStartTheClocksSkipStartsTheDayAtTheJump() throws {
        // Berlin, 2026-03-29: 02:00 CET becomes 03:00 CEST at 01:00 UTC, so 02:30 never happens.
        let berlin = try DayBoundary(timeZone: try Self.zone("Europe/Berlin"), startHour: 2, startMinute: 30)
        let jump = try Self.utc("2026-03-29T01:00:00Z")
        #expect(berlin.start(of: try Self.day("2026-03-29")) == jump)
        #expect(berlin.day(containing: jump.addingTimeInterval(-1)) == (try Self.day("2026-03-28")))
        #expect(berlin.day(containing: jump) == (try Self.day("2026-03-29")))
        // The lost hour is shared: 02:30 CET to the jump, and the jump to 02:30 CEST the next day.
        #expect(berlin.interval(of: try Self.day("2026-03-28")).duration == 23.5 * 3600)
        #expect(berlin.interval(of: try Self.day("2026-03-29")).duration == 23.5 * 3600)
        // New York, 2026-03-08: a 02:00 start is exactly the skipped instant.
        let newYork = try DayBoundary(timeZone: try Self.zone("America/New_York"), startHour: 2)
        #expect(newYork.start(of: try Self.day("2026-03-08")) == (try Self.utc("2026-03-08T07:00:00Z")))
        #expect(newYork.interval(of: try Self.day("2026-03-07")).duration == 24 * 3600)
        #expect(newYork.interval(of: try Self.day("2026-03-08")).duration == 23 * 3600)
    }

    @Test func aDayStartTheClocksRepeatStartsTheDayAtItsFirstOccurrence() throws {
        // Berlin, 2026-10-25: 03:00 CEST becomes 02:00 CET at 01:00 UTC; 02:30 happens twice.
        let berlin = try DayBoundary(timeZone: try Self.zone("Europe/Berlin"), startHour: 2, startMinute: 30)
        let firstOccurrence = try Self.utc("2026-10-25T00:30:00Z")
        #expect(berlin.start(of: try Self.day("2026-10-25")) == firstOccurrence)
        #expect(berlin.day(containing: firstOccurrence.addingTimeInterval(-1)) == (try Self.day("2026-10-24")))
        // 02:15 CET, in the repeated hour: the wall clock reads before 02:30, but the day began
        // at the first 02:30.
        #expect(berlin.day(containing: try Self.utc("2026-10-25T01:15:00Z")) == (try Self.day("2026-10-25")))
        #expect(berlin.interval(of: try Self.day("2026-10-25")).duration == 25 * 3600)
        // New York, 2026-11-01: 01:30 happens at 05:30 UTC (EDT) and 06:30 UTC (EST).
        let newYork = try DayBoundary(timeZone: try Self.zone("America/New_York"), startHour: 1, startMinute: 30)
        #expect(newYork.start(of: try Self.day("2026-11-01")) == (try Self.utc("2026-11-01T05:30:00Z")))
        #expect(newYork.day(containing: try Self.utc("2026-11-01T06:10:00Z")) == (try Self.day("2026-11-01")))
    }

    @Test func aShiftWorkersEarlyHoursBelongToTheDayBefore() throws {
        let berlin = try DayBoundary(timeZone: try Self.zone("Europe/Berlin"), startHour: 4)
        // 01:30 CEST on 10 June is 23:30 UTC on 9 June.
        #expect(berlin.day(containing: try Self.utc("2026-06-09T23:30:00Z")) == (try Self.day("2026-06-09")))
        #expect(berlin.day(containing: try Self.utc("2026-06-10T02:00:00Z")) == (try Self.day("2026-06-10")))
        #expect(berlin.start(of: try Self.day("2026-06-10")) == (try Self.utc("2026-06-10T02:00:00Z")))
    }

    @Test func midnightTheClocksSkipAndADateAZoneSkipped() throws {
        // São Paulo, 2018-11-04: 00:00 became 01:00 at 03:00 UTC.
        let saoPaulo = DayBoundary.midnight(in: try Self.zone("America/Sao_Paulo"))
        let day = try Self.day("2018-11-04")
        #expect(saoPaulo.start(of: day) == (try Self.utc("2018-11-04T03:00:00Z")))
        #expect(saoPaulo.interval(of: day).duration == 23 * 3600)
        // Samoa skipped 2011-12-30 altogether: its interval is empty and no instant is in it.
        let apia = DayBoundary.midnight(in: try Self.zone("Pacific/Apia"))
        let skipped = try Self.day("2011-12-30")
        #expect(apia.interval(of: skipped).duration == 0)
        #expect(apia.day(containing: apia.start(of: skipped)) == (try Self.day("2011-12-31")))
        #expect(apia.day(containing: apia.start(of: skipped).addingTimeInterval(-1)) == (try Self.day("2011-12-29")))
    }

    /// Every day of 2026 in zones with hour, half-hour and no clock changes, for several day
    /// starts: consecutive days meet, each day contains its first and last second and not the
    /// neighbours', and lasts 23 to 25 hours.
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"])
    func daysTileTheYear(identifier: String) throws {
        let zone = try Self.zone(identifier)
        var changedLength = 0
        for (hour, minute) in [(0, 0), (2, 30), (4, 0), (23, 45)] {
            let boundary = try DayBoundary(timeZone: zone, startHour: hour, startMinute: minute)
            var day = try Self.day("2026-01-01")
            var start = boundary.start(of: day)
            while day.year == 2026 {
                let end = boundary.start(of: day.next)
                #expect(boundary.interval(of: day) == DateInterval(start: start, end: end))
                let hours = end.timeIntervalSince(start) / 3600
                #expect(hours >= 23 && hours <= 25, "\(identifier) \(day) starting \(hour):\(minute) lasts \(hours) h")
                if hours != 24 { changedLength += 1 }
                #expect(boundary.day(containing: start) == day)
                #expect(boundary.day(containing: end.addingTimeInterval(-0.5)) == day)
                #expect(boundary.day(containing: start.addingTimeInterval(-0.5)) == day.previous)
                day = day.next
                start = end
            }
        }
        // Four starts x two changes, shared by neighbouring days when the start falls in the gap.
        let expectsChanges = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe"].contains(identifier)
        #expect(expectsChanges ? changedLength >= 8 : changedLength == 0)
    }

    @Test func midnightDaysAgreeWithFoundationsCalendar() throws {
        for identifier in ["Europe/Berlin", "America/New_York"] {
            let zone = try Self.zone(identifier)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let boundary = DayBoundary.midnight(in: zone)
            var day = try Self.day("2026-01-01")
            while day.year == 2026 {
                let expected = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))
                #expect(boundary.start(of: day) == expected, "\(identifier) \(day)")
                day = day.next
            }
        }
    }

    @Test func fixedOffsetZonesAndBadStarts() throws {
        let india = DayBoundary.midnight(in: try #require(TimeZone(secondsFromGMT: 5 * 3600 + 1800)))
        #expect(india.start(of: try Self.day("2026-05-01")) == (try Self.utc("2026-04-30T18:30:00Z")))
        #expect(throws: GoalError.invalidDayStart(hour: 24, minute: 0)) { try DayBoundary(timeZone: .gmt, startHour: 24) }
        #expect(throws: GoalError.invalidDayStart(hour: 4, minute: 60)) { try DayBoundary(timeZone: .gmt, startHour: 4, startMinute: 60) }
    }

    @Test func codableKeepsTheZoneAndStart() throws {
        let boundary = try DayBoundary(timeZone: try Self.zone("America/New_York"), startHour: 4, startMinute: 15)
        let decoded = try JSONDecoder().decode(DayBoundary.self, from: JSONEncoder().encode(boundary))
        #expect(decoded == boundary)
        #expect(decoded.timeZone.identifier == "America/New_York")
        let stored = String(decoding: try JSONEncoder().encode(boundary), as: UTF8.self)
        #expect(stored.contains("\"startHour\":4"))
        let bad = Data(stored.replacingOccurrences(of: "\"startHour\":4", with: "\"startHour\":25").utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DayBoundary.self, from: bad) }
    }

    @Test func extremeInstantsNeitherTrapNorLoop() throws {
        let berlin = DayBoundary.midnight(in: try Self.zone("Europe/Berlin"))
        let late = berlin.day(containing: Date(timeIntervalSince1970: .infinity))
        #expect(late.year >= 9999)
        #expect(berlin.day(containing: Date(timeIntervalSince1970: -.infinity)).year <= 1)
        #expect(berlin.day(containing: Date(timeIntervalSince1970: .nan)) == (try Self.day("1970-01-01")))
        #expect(berlin.day(containing: .distantFuture).year > 2026)
    }
}
