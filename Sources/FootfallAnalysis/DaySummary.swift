import FootfallGoals

/// One calendar day of a recording as step-count studies report it (Tudor-Locke's cadence
/// bands, peak cadences, wear time and validity), built from its `RecordedMinute`s.
public struct DaySummary: Sendable, Equatable {
    /// The day on the recording's local clock: a date when its times are dates
    /// (`RecordingClock.wallClock`), else only a count of days from that clock's zero.
    public var day: LocalDay
    /// The day's place in the recording: 1 for the day of its first minute, then one more for
    /// each day after it on the calendar, whether it has minutes or not.
    public var number: Int
    /// Steps counted in the day, worn or not.
    public var steps: Int
    /// Minutes of the day with samples.
    public var recordedMinutes: Int
    /// Minutes of the day with samples and worn.
    public var wearMinutes: Int
    /// Worn minutes with at least one step (the detector counts steps only in walking).
    public var walkingMinutes: Int
    /// Worn minutes in each cadence band, steps per minute: 0, 1-19, 20-39, 40-59, 60-79,
    /// 80-99, 100-119, 120 and more (`bandLowerBounds`). They sum to `wearMinutes`.
    public var cadenceBands: [Int]
    /// The most steps in one worn minute.
    public var peak1MinuteCadence: Int
    /// The mean of the day's 30 highest worn minutes (not necessarily consecutive; missing
    /// minutes count as 0), steps per minute.
    public var peak30MinuteCadence: Double
    /// Whether the day was worn long enough to count in a study (`wearMinutes` at least the
    /// threshold given to `summarize`).
    public var isValid: Bool

    /// The lower bound of each cadence band, steps per minute.
    public static let bandLowerBounds = [0, 1, 20, 40, 60, 80, 100, 120]

    /// The band names, for headers: `0`, `1-19`, ..., `120+`.
    public static let bandNames: [String] = bandLowerBounds.enumerated().map { index, lower in
        index + 1 < bandLowerBounds.count ? (lower == 0 ? "0" : "\(lower)-\(bandLowerBounds[index + 1] - 1)") : "\(lower)+"
    }

    /// The band a minute of `steps` falls in.
    public static func band(ofSteps steps: Int) -> Int {
        bandLowerBounds.lastIndex { steps >= $0 } ?? 0
    }

    /// Days from minutes sorted by start, whose `worn` is already decided.
    /// - Parameter minimumWearMinutes: a day is valid when worn this long (600: ten hours).
    public static func summarize(_ minutes: [RecordedMinute], minimumWearMinutes: Int = 600) -> [DaySummary] {
        var days: [DaySummary] = []
        let first = minutes.first.map { Int(floorDivide($0.start, 86_400)) } ?? 0
        var index = 0
        while index < minutes.count {
            let dayNumber = Int(floorDivide(minutes[index].start, 86_400))
            var end = index
            while end < minutes.count && Int(floorDivide(minutes[end].start, 86_400)) == dayNumber { end += 1 }
            let slice = minutes[index..<end]
            let worn = slice.filter(\.worn)
            var bands = [Int](repeating: 0, count: bandLowerBounds.count)
            for minute in worn { bands[band(ofSteps: minute.steps)] += 1 }
            let highest = worn.map(\.steps).sorted(by: >).prefix(30)
            days.append(DaySummary(
                day: LocalDay(daysSince1970: dayNumber), number: dayNumber - first + 1, steps: slice.reduce(0) { $0 + $1.steps },
                recordedMinutes: slice.count, wearMinutes: worn.count, walkingMinutes: worn.filter { $0.steps > 0 }.count,
                cadenceBands: bands, peak1MinuteCadence: highest.first ?? 0,
                peak30MinuteCadence: Double(highest.reduce(0, +)) / 30, isValid: worn.count >= minimumWearMinutes))
            index = end
        }
        return days
    }
}

/// `a / b` rounded towards minus infinity.
func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : -((-a + b - 1) / b)
}
