import FootfallGoals
import Testing
@testable import FootfallProtocol

/// The history rules in their one place: the range a query means, and how far it may reach.
struct HistoryQueryTests {
    let today = day("2026-11-22")

    @Test func theDefaultIsTheLastSevenDaysToToday() throws {
        #expect(try Request.HistoryQuery().range(today: today) == day("2026-11-16")...today)
        #expect(try Request.HistoryQuery(days: 1).range(today: today) == today...today)
        #expect(try Request.HistoryQuery(to: day("2026-03-02"), days: 3).range(today: today) == day("2026-02-28")...day("2026-03-02"))
        #expect(try Request.HistoryQuery(from: day("2026-11-01")).range(today: today) == day("2026-11-01")...today)
    }

    @Test func fromAfterToIsRefused() {
        #expect(throws: ProtocolError(.badArgument, "'from' is after 'to'")) {
            try Request.HistoryQuery(from: day("2026-11-23")).range(today: today)
        }
    }

    @Test func daysReachAHundredYearsAndMinutesAMonth() throws {
        let farBack = today.adding(days: -Request.HistoryQuery.maximumDays)
        #expect(try Request.HistoryQuery(from: farBack).range(today: today).lowerBound == farBack)
        #expect(throws: ProtocolError(.badArgument, "at most 36600 days at once")) {
            try Request.HistoryQuery(from: farBack.previous).range(today: today)
        }
        let monthBack = today.adding(days: -31)
        #expect(try Request.HistoryQuery(granularity: .minute, from: monthBack).range(today: today).lowerBound == monthBack)
        #expect(throws: ProtocolError(.badArgument, "at most 31 days of minutes at once")) {
            try Request.HistoryQuery(granularity: .minute, from: monthBack.previous).range(today: today)
        }
    }
}
