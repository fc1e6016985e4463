import Foundation
import Testing
@testable import FootfallGoals

/// LocalDay: checked construction, the YYYY-MM-DD text and its Codable form, order, and day arithmetic.
struct LocalDayTests {
    @Test func textRoundTripsAndSorts() throws {
        let day = try LocalDay("2026-03-29")
        #expect(day.year == 2026 && day.month == 3 && day.day == 29)
        #expect(day.description == "2026-03-29")
        #expect(try LocalDay(year: 7, month: 1, day: 2).description == "0007-01-02")
        #expect(try LocalDay("2026-03-28") < day)
        #expect(try LocalDay("2025-12-31") < LocalDay("2026-01-01"))
    }

    @Test(arguments: ["2026-3-29", "26-03-29", "2026-03-29T00:00", "2026/03/29", "", "2026-0a-01", "+026-03-29"])
    func malformedTextIsRefused(text: String) {
        #expect(throws: GoalError.unreadableDay(text)) { try LocalDay(text) }
    }

    @Test func impossibleDatesAreRefused() {
        #expect(throws: GoalError.invalidDay(year: 2026, month: 2, day: 29)) { try LocalDay("2026-02-29") }
        #expect(throws: GoalError.invalidDay(year: 2026, month: 13, day: 1)) { try LocalDay(year: 2026, month: 13, day: 1) }
        #expect(throws: GoalError.invalidDay(year: 0, month: 1, day: 1)) { try LocalDay(year: 0, month: 1, day: 1) }
        #expect((try? LocalDay("2024-02-29")) != nil)
        #expect((try? LocalDay("2000-02-29")) != nil)
        #expect((try? LocalDay("1900-02-29")) == nil)
    }

    @Test func codableIsTheText() throws {
        let day = try LocalDay("2026-10-25")
        let data = try JSONEncoder().encode([day])
        #expect(String(decoding: data, as: UTF8.self) == "[\"2026-10-25\"]")
        #expect(try JSONDecoder().decode([LocalDay].self, from: data) == [day])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([LocalDay].self, from: Data("[\"2026-02-30\"]".utf8)) }
    }

    @Test func arithmeticMatchesTheCalendarForFourHundredYears() throws {
        // Hinnant's algorithms against Foundation's Gregorian calendar, one day in 7 from
        // 1800 to 2200, plus the epoch.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        #expect(try LocalDay("1970-01-01").daysSince1970 == 0)
        var days = try LocalDay("1800-01-01").daysSince1970
        let last = try LocalDay("2200-12-31").daysSince1970
        var checked = 0
        while days <= last {
            let day = LocalDay(daysSince1970: days)
            let components = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            #expect(components.year == day.year && components.month == day.month && components.day == day.day)
            #expect(day.daysSince1970 == days)
            days += 7
            checked += 1
        }
        #expect(checked > 20_000)
        #expect(try LocalDay("2024-02-28").next == LocalDay("2024-02-29"))
        #expect(try LocalDay("2026-01-01").previous == LocalDay("2025-12-31"))
        #expect(try LocalDay("2026-03-01").adding(days: -1) == LocalDay("2026-02-28"))
    }
}
