import ArgumentParser
import Foundation
import FootfallAnalysis
import FootfallGoals
import FootfallText

/// How `footfall count --days` writes days: a table, CSV or JSON, one day a line.
enum DayTable {
    static func textHeader(path: String) -> String {
        "\(path)\n" + "day          steps   worn  walking  peak1  peak30  valid   "
            + DaySummary.bandNames.map { pad($0, 6) }.joined(separator: " ") + "   (minutes per band, steps/min)"
    }

    static func textRow(_ day: DaySummary) -> String {
        "\(day.day)  " + pad(String(day.steps), 6) + "  " + pad(hoursAndMinutes(day.wearMinutes), 5) + "  " + pad(String(day.walkingMinutes), 7)
            + "  " + pad(String(day.peak1MinuteCadence), 5) + "  " + pad(formatted(day.peak30MinuteCadence, decimals: 1), 6)
            + "  " + pad(day.isValid ? "yes" : "no", 5) + "   " + day.cadenceBands.map { pad(String($0), 6) }.joined(separator: " ")
    }

    static let csvHeader = (["recording"] + DaySummary.csvColumns).joined(separator: ",")

    static func csvRow(_ day: DaySummary, path: String) -> String {
        CSVText.row([path] + day.csvFields)
    }

    static func json(_ day: DaySummary, path: String) -> String {
        let bands = zip(DaySummary.bandNames, day.cadenceBands).map { "\(jsonString($0)): \($1)" }.joined(separator: ", ")
        return "{\"recording\": \(jsonString(path)), \"day\": \"\(day.day)\", \"steps\": \(day.steps), \"recorded_minutes\": \(day.recordedMinutes), "
            + "\"wear_minutes\": \(day.wearMinutes), \"walking_minutes\": \(day.walkingMinutes), \"cadence_band_minutes\": {\(bands)}, "
            + "\"peak_1min_cadence\": \(day.peak1MinuteCadence), \"peak_30min_cadence\": \(formatted(day.peak30MinuteCadence, decimals: 1)), "
            + "\"valid\": \(day.isValid)}"
    }

    static func hoursAndMinutes(_ minutes: Int) -> String {
        let rest = minutes % 60
        return "\(minutes / 60):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    static func csvField(_ text: String) -> String {
        CSVText.field(text)
    }
}

/// The per-minute series `--minutes` writes: the minutes the daemon stores (start, steps,
/// average cadence), with the local time and whether the minute was worn.
final class MinuteFile {
    private let handle: FileHandle
    private var text = ""

    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw ValidationError("--minutes: cannot write '\(path)'.")
        }
        self.handle = handle
        text = "recording,start,local_time,steps,cadence,worn\n"
    }

    func write(_ minutes: [RecordedMinute], path: String) {
        for minute in minutes {
            let days = Int((Double(minute.start) / 86_400).rounded(.down))
            let seconds = Int(minute.start) - days * 86_400
            let clock = DayTable.pad(String(seconds / 3600), 2).replacingOccurrences(of: " ", with: "0") + ":"
                + DayTable.pad(String(seconds % 3600 / 60), 2).replacingOccurrences(of: " ", with: "0")
            text += "\(DayTable.csvField(path)),\(minute.start),\(LocalDay(daysSince1970: days)) \(clock),\(minute.steps),\(formatted(minute.cadence, decimals: 1)),\(minute.worn ? 1 : 0)\n"
            if text.utf8.count > 1 << 16 { flush() }
        }
        flush()
    }

    private func flush() {
        handle.write(Data(text.utf8))
        text = ""
    }

    func close() throws {
        flush()
        try handle.close()
    }
}
