#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Exercise minutes and active hours estimated from steps alone, the way a device with only
/// an accelerometer can stand in for the Exercise and Stand rings. They are approximations
/// (no heart rate, no posture), shown only when `GoalSettings.showsActivityApproximations`
/// is on, and always labelled as such (`summary`).
///
/// - An exercise minute is a minute with a cadence of at least 100 steps/min, that is at
///   least 100 steps counted in it: about moderate intensity (3 METs) for adults, the
///   threshold Tudor-Locke and colleagues established on whole-minute counts.
/// - An active hour is an hour of the day with at least 250 steps (a few minutes of walking
///   about). Hours are counted from the day's start as `DayBoundary` sets it, so a 25-hour
///   day has 25 of them.
public struct ActivityApproximation: Sendable, Hashable, Codable {
    /// Steps in a minute that make it an exercise minute.
    public static let exerciseCadence = 100
    /// Steps in an hour that make it an active hour.
    public static let activeHourSteps = 250

    /// Minutes of the day with a cadence of at least `exerciseCadence`.
    public let exerciseMinutes: Int
    /// Hours of the day with at least `activeHourSteps` steps.
    public let activeHours: Int

    /// The estimates for one day.
    /// - Parameters:
    ///   - minutes: per-minute counts, in any order; buckets outside the day are ignored and
    ///     buckets that fall in the same minute of the day are added together.
    ///   - day: the day to estimate.
    ///   - boundary: where days start, which also sets where the day's hours start.
    public init(minutes: [Minute], day: LocalDay, boundary: DayBoundary) {
        let interval = boundary.interval(of: day)
        var stepsPerMinute: [Int: Int] = [:]
        for minute in minutes where minute.start >= interval.start && minute.start < interval.end {
            let index = Int((minute.start.timeIntervalSince(interval.start) / 60).rounded(.down))
            stepsPerMinute[index, default: 0] += minute.steps
        }
        var stepsPerHour: [Int: Int] = [:]
        for (index, steps) in stepsPerMinute { stepsPerHour[index / 60, default: 0] += steps }
        exerciseMinutes = stepsPerMinute.values.filter { $0 >= Self.exerciseCadence }.count
        activeHours = stepsPerHour.values.filter { $0 >= Self.activeHourSteps }.count
    }

    /// A line for display that says what the numbers are: "≈ 32 exercise minutes, ≈ 6 active
    /// hours (approximations from steps)".
    public var summary: String {
        let minutesNoun = exerciseMinutes == 1 ? "minute" : "minutes"
        let hoursNoun = activeHours == 1 ? "hour" : "hours"
        return "≈ \(exerciseMinutes) exercise \(minutesNoun), ≈ \(activeHours) active \(hoursNoun) (approximations from steps)"
    }
}
