import FootfallAnalysis
import FootfallText
import FootfallTraces

/// The rows of days.csv: the recording's id, then `footfall count --days --csv`'s columns.
enum DayRows {
    static var header: String { CSVText.row(["id", "recording"] + DaySummary.csvColumns) }

    static func row(_ day: DaySummary, of entry: PlanEntry, clock: RecordingClock?) -> String {
        CSVText.row([entry.id.rawValue, entry.path] + day.csvFields(clock: clock))
    }
}
