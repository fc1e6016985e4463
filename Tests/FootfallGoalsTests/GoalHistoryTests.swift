import Foundation
import Testing
@testable import FootfallGoals

/// GoalHistory: changes apply from their instant, past days keep their goal, the past is never rewritten.
struct GoalHistoryTests {
    let berlin: DayBoundary
    let day: LocalDay

    init() throws {
        berlin = DayBoundary.midnight(in: try DayBoundaryTests.zone("Europe/Berlin"))
        day = try LocalDay("2026-06-10")
    }

    func at(_ hour: Double, on day: LocalDay? = nil) -> Date {
        berlin.start(of: day ?? self.day).addingTimeInterval(hour * 3600)
    }

    @Test func startsAtTheDefaultGoal() throws {
        let history = try GoalHistory()
        #expect(history.initialGoal == 10_000)
        #expect(history.goal(at: at(12)) == 10_000)
        #expect(history.goal(for: day, boundary: berlin) == 10_000)
    }

    @Test func aChangeAppliesFromItsInstantAndPastDaysKeepTheirGoal() throws {
        var history = try GoalHistory()
        try history.setGoal(8000, at: at(10))
        try history.setGoal(6000, at: at(15))
        try history.setGoal(12_000, at: at(9, on: day.next))
        #expect(history.goal(at: at(9.99)) == 10_000)
        #expect(history.goal(at: at(10)) == 8000)
        #expect(history.goal(at: at(16)) == 6000)
        // A day is judged by the goal it ended with.
        #expect(history.goal(for: day.previous, boundary: berlin) == 10_000)
        #expect(history.goal(for: day, boundary: berlin) == 6000)
        #expect(history.goal(for: day.next, boundary: berlin) == 12_000)
        #expect(history.goal(for: day.adding(days: 30), boundary: berlin) == 12_000)
    }

    @Test func aChangeAtMidnightBelongsToTheNewDay() throws {
        var history = try GoalHistory()
        try history.setGoal(5000, at: berlin.start(of: day.next))
        #expect(history.goal(for: day, boundary: berlin) == 10_000)
        #expect(history.goal(for: day.next, boundary: berlin) == 5000)
    }

    @Test func aClockSetBackDoesNotRewriteThePast() throws {
        var history = try GoalHistory()
        try history.setGoal(8000, at: at(14))
        try history.setGoal(4000, at: at(11))
        #expect(history.changes.map(\.goal) == [8000, 4000])
        #expect(history.changes.last?.effective == at(14))
        #expect(history.goal(at: at(12)) == 10_000)
        #expect(history.goal(at: at(14)) == 4000)
    }

    @Test func goalsBelowOneAreRefused() throws {
        #expect(throws: GoalError.goalBelowOne(0)) { try GoalHistory(initialGoal: 0) }
        var history = try GoalHistory(initialGoal: 1)
        #expect(throws: GoalError.goalBelowOne(-5)) { try history.setGoal(-5, at: at(1)) }
        #expect(history.changes.isEmpty)
        #expect(GoalError.goalBelowOne(0).description.contains("at least 1 step"))
    }

    @Test func codableRoundTripsAndRefusesBadHistories() throws {
        var history = try GoalHistory(initialGoal: 7000)
        try history.setGoal(9000, at: at(8))
        try history.setGoal(3000, at: at(20))
        let decoded = try JSONDecoder().decode(GoalHistory.self, from: JSONEncoder().encode(history))
        #expect(decoded == history)
        let outOfOrder = #"{"initialGoal":10000,"changes":[{"effective":100,"goal":5},{"effective":50,"goal":6}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(GoalHistory.self, from: Data(outOfOrder.utf8)) }
        let zero = #"{"initialGoal":10000,"changes":[{"effective":100,"goal":0}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(GoalHistory.self, from: Data(zero.utf8)) }
    }

    @Test func rebuildsFromStoredRows() throws {
        let rows = [GoalHistory.Change(effective: at(8), goal: 9000), GoalHistory.Change(effective: at(20), goal: 3000)]
        let history = try GoalHistory(initialGoal: 7000, changes: rows)
        #expect(history.goal(at: at(12)) == 9000)
        #expect(throws: GoalError.goalChangesOutOfOrder) { try GoalHistory(initialGoal: 7000, changes: rows.reversed()) }
        #expect(throws: GoalError.goalBelowOne(0)) {
            try GoalHistory(initialGoal: 7000, changes: [GoalHistory.Change(effective: at(8), goal: 0)])
        }
    }
}
