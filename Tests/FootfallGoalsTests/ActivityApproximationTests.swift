import Foundation
import Testing
@testable import FootfallGoals

/// Exercise minutes and active hours from per-minute buckets.
struct ActivityApproximationTests {
    @Test func countsBriskMinutesAndActiveHoursWithinTheDay() throws {
        let boundary = try DayBoundary(timeZone: try DayBoundaryTests.zone("Europe/Berlin"), startHour: 4)
        let day = try LocalDay("2026-06-10")
        let start = boundary.start(of: day)
        func minute(_ index: Int, _ steps: Int) throws -> ActivityApproximation.Minute {
            try ActivityApproximation.Minute(start: start.addingTimeInterval(Double(index) * 60), steps: steps)
        }
        var minutes: [ActivityApproximation.Minute] = []
        // Hour 0: 20 brisk minutes (2400 steps). Hour 1: 5 minutes at 60 steps (300, active, no exercise).
        for i in 0..<20 { minutes.append(try minute(i, 120)) }
        for i in 60..<65 { minutes.append(try minute(i, 60)) }
        // Hour 2: 99 steps in one minute (not brisk) and 249 in the hour (not active).
        minutes.append(try minute(130, 99))
        minutes.append(try minute(131, 150))
        // Two half-minute buckets in the same minute add up to 100: brisk.
        minutes.append(try ActivityApproximation.Minute(start: start.addingTimeInterval(200 * 60), steps: 50))
        minutes.append(try ActivityApproximation.Minute(start: start.addingTimeInterval(200 * 60 + 30), steps: 50))
        // Outside the day: ignored.
        minutes.append(try minute(-1, 500))
        minutes.append(try ActivityApproximation.Minute(start: boundary.start(of: day.next), steps: 500))
        let estimate = ActivityApproximation(minutes: minutes.shuffled(), day: day, boundary: boundary)
        #expect(estimate.exerciseMinutes == 20 + 1 + 1)
        #expect(estimate.activeHours == 2)
        #expect(estimate.summary == "≈ 22 exercise minutes, ≈ 2 active hours (approximations from steps)")
        #expect(ActivityApproximation(minutes: [], day: day, boundary: boundary).summary.contains("≈ 0 exercise minutes"))
    }

    @Test func offByDefaultInTheSettings() throws {
        let settings = GoalSettings()
        #expect(!settings.showsActivityApproximations)
        #expect(settings.palette == .standard)
        #expect(throws: GoalError.negativeSteps(-3)) { try ActivityApproximation.Minute(start: Date(timeIntervalSince1970: 0), steps: -3) }
    }
}
