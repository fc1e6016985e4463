import Foundation
import FootfallText
import FootfallTraces

extension DaySummary {
    /// The columns of a day as `footfall count --days --csv` and a cohort's days.csv write
    /// them, after the columns naming the recording: the day (its date; empty for a recording
    /// whose clock gives no dates), the day's number from the recording's first, steps, recorded, worn and
    /// walking minutes, minutes in each cadence band (`minutes_0`, `minutes_1_19`, ...,
    /// `minutes_120_plus`), the peak cadences, and whether the day is valid (1 or 0).
    public static let csvColumns = ["day", "day_number", "steps", "recorded_minutes", "wear_minutes", "walking_minutes"]
        + bandNames.map { "minutes_" + $0.replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: "+", with: "_plus") }
        + ["peak_1min_cadence", "peak_30min_cadence", "valid"]

    /// The day's fields, in the order of `csvColumns`, for a recording on `clock`.
    public func csvFields(clock: RecordingClock?) -> [String] {
        [clock == .elapsed ? "" : "\(day)", "\(number)", "\(steps)", "\(recordedMinutes)", "\(wearMinutes)", "\(walkingMinutes)"]
            + cadenceBands.map(String.init)
            + ["\(peak1MinuteCadence)", formatted(peak30MinuteCadence, decimals: 1), isValid ? "1" : "0"]
    }
}
