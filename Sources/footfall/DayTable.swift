import ArgumentParser
import Foundation
import FootfallAnalysis
import FootfallGoals
import FootfallText
import FootfallTraces

/// How `footfall count --days` writes days: a table, CSV or JSON, one day a line. A recording
/// whose times are not dates (`RecordingClock.elapsed`) has its days numbered: "day 1" in the
/// table, which says so above it; an empty `day` and its `day_number` in CSV, `"day": null` in
/// JSON.
enum DayTable {
    static func textHeader(path: String, clock: RecordingClock) -> String {
        "\(path)\(clock == .elapsed ? " (its times are not dates: days are its clock's 24-hour spans, numbered)" : "")\n"
            + "day          steps   worn  walking  peak1  peak30  valid   "
            + DaySummary.bandNames.map { pad($0, 6) }.joined(separator: " ") + "   (minutes per band, steps/min)"
    }

    static func textRow(_ day: DaySummary, clock: RecordingClock) -> String {
        let label = clock == .elapsed ? "day \(day.number)" : "\(day.day)"
        return label + String(repeating: " ", count: max(0, 10 - label.count)) + "  " + pad(String(day.steps), 6) + "  " + pad(hoursAndMinutes(day.wearMinutes), 5) + "  " + pad(String(day.walkingMinutes), 7)
            + "  " + pad(String(day.peak1MinuteCadence), 5) + "  " + pad(formatted(day.peak30MinuteCadence, decimals: 1), 6)
            + "  " + pad(day.isValid ? "yes" : "no", 5) + "   " + day.cadenceBands.map { pad(String($0), 6) }.joined(separator: " ")
    }

    static let csvHeader = (["recording"] + DaySummary.csvColumns).joined(separator: ",")

    static func csvRow(_ day: DaySummary, path: String, clock: RecordingClock) -> String {
        CSVText.row([path] + day.csvFields(clock: clock))
    }

    static func json(_ day: DaySummary, path: String, clock: RecordingClock) -> String {
        let bands = zip(DaySummary.bandNames, day.cadenceBands).map { "\(jsonString($0)): \($1)" }.joined(separator: ", ")
        return "{\"recording\": \(jsonString(path)), \"day\": \(clock == .elapsed ? "null" : "\"\(day.day)\""), "
            + "\"day_number\": \(day.number), \"steps\": \(day.steps), \"recorded_minutes\": \(day.recordedMinutes), "
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
/// average cadence), with the day's number, the local time and whether the minute was worn. A
/// recording whose times are not dates has only the time of its numbered day as local time.
final class MinuteFile {
    private let handle: FileHandle
    private var text = ""

    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw ValidationError("--minutes: cannot write '\(path)'.")
        }
        self.handle = handle
        text = "recording,start,day_number,local_time,steps,cadence,worn\n"
    }

    func write(_ minutes: [RecordedMinute], path: String, clock: RecordingClock) {
        let day = { (minute: RecordedMinute) in Int((Double(minute.start) / 86_400).rounded(.down)) }
        let first = minutes.first.map(day) ?? 0
        for minute in minutes {
            let days = day(minute)
            let seconds = Int(minute.start) - days * 86_400
            let time = DayTable.pad(String(seconds / 3600), 2).replacingOccurrences(of: " ", with: "0") + ":"
                + DayTable.pad(String(seconds % 3600 / 60), 2).replacingOccurrences(of: " ", with: "0")
            let localTime = clock == .elapsed ? time : "\(LocalDay(daysSince1970: days)) \(time)"
            text += "\(DayTable.csvField(path)),\(minute.start),\(days - first + 1),\(localTime),\(minute.steps),\(formatted(minute.cadence, decimals: 1)),\(minute.worn ? 1 : 0)\n"
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
