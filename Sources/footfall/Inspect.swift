import ArgumentParser
import Foundation
import FootfallDetection
import FootfallText
import FootfallTraces

/// `footfall inspect`: what a recording is and how Footfall will read it.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Say what a recording is and how it will be read.",
        discussion: """
        Reads each file through, as 'footfall count' would, and prints what it found: the \
        format and compression (from the content, not the name), the device when the file \
        names one (and where it was worn, when its header says: a GENEActiv's location), the columns, time format and unit a delimited file is read with, the \
        channels it holds (the accelerometer is read; a gyroscope, light or temperature is \
        named, not read), the samples, their rate and span, and any damaged blocks skipped. A file that cannot be \
        read gets the same message 'footfall count' would give, with its line or byte offset.

        The same options as 'footfall count' change how a delimited file is read, so a \
        mapping can be tried here first:

          footfall inspect phone.csv.gz
          footfall inspect --columns timestamp,acc_x,acc_y,acc_z --units g watch.csv
        """
    )

    @Argument(help: ArgumentHelp("Recordings to inspect.", valueName: "recording"))
    var files: [String]

    @OptionGroup(title: "Reading recordings") var recording: RecordingFileOptions

    @Flag(help: "Print one JSON object per file instead of text.")
    var json = false

    func run() throws {
        let options = try recording.options()
        var failed = false
        for path in files {
            do {
                let summary = try Recording.inspect(path: path, options: options)
                print(json ? jsonObject(summary, path: path) : text(summary, path: path))
            } catch {
                failed = true
                FileHandle.standardError.write(Data("footfall: \(error)\n".utf8))
            }
        }
        if failed { throw ExitCode.failure }
    }

    func text(_ summary: Recording.Summary, path: String) -> String {
        var lines = ["\(path):"]
        var format = summary.format.title
        if summary.compression != .none { format += ", \(summary.compression.rawValue)-compressed" }
        lines.append("  format      \(format) (\(NumberText.grouped(summary.fileSize)) bytes)")
        if let device = summary.device { lines.append("  device      \(device)") }
        if let placement = summary.placement { lines.append("  worn        \(placement) (counted at the \(Placement(describing: placement).rawValue))") }
        if let rate = summary.configuredRate {
            lines.append("  configured  \(formatted(rate, decimals: rate < 100 ? 2 : 0)) Hz" + (summary.range.map { ", ±\($0) g" } ?? ""))
        }
        if let layout = summary.layout {
            let delimiter = [44: "comma", 9: "tab", 59: "semicolon", 124: "bar", 32: "space"][Int(layout.delimiter)] ?? "?"
            var read = "  read as     \(layout.columnDescriptions.joined(separator: ", ")); \(delimiter)-separated"
            if layout.decimalComma { read += ", decimal comma" }
            lines.append(read)
            let time = layout.timeColumn == nil ? "at \(formatted(layout.rate ?? 0, decimals: 2)) Hz (no time column)" : timeDescription(layout.time)
            lines.append("  times       \(time); axes in \(layout.units.rawValue)" + (layout.preset.map { "; recognised as \($0.rawValue)" } ?? ""))
            if layout.linesBeforeSamples > 1 { lines.append("  skipped     \(layout.linesBeforeSamples) lines before the samples") }
        }
        let others = summary.channels.filter { $0 != .accelerometer }
        lines.append("  channels    accelerometer x, y, z (read)" + (others.isEmpty ? "" : "; \(others.map(\.title).joined(separator: ", ")) (not read)"))
        var samples = "  samples     \(NumberText.grouped(summary.samples))"
        if let rate = summary.meanRate { samples += " at \(formatted(rate, decimals: 2)) Hz" }
        lines.append(samples)
        lines.append("  span        \(span(summary))")
        if summary.skippedSamples > 0 { lines.append("  damaged     \(NumberText.grouped(summary.skippedSamples)) sample\(summary.skippedSamples == 1 ? "" : "s") in skipped blocks") }
        return lines.joined(separator: "\n")
    }

    func timeDescription(_ format: TimeFormat) -> String {
        switch format {
        case .seconds: return "seconds"
        case .milliseconds: return "milliseconds"
        case .microseconds: return "microseconds"
        case .nanoseconds: return "nanoseconds"
        case .iso: return "ISO 8601"
        }
    }

    /// The span as a duration, with the first and last time as dates when they are dates
    /// (`RecordingClock`, as count --days tells them).
    func span(_ summary: Recording.Summary) -> String {
        guard summary.samples > 0 else { return "-" }
        let seconds = summary.lastTime - summary.firstTime
        var text = duration(seconds)
        if RecordingClock(firstTime: summary.firstTime) == .wallClock {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate, .withSpaceBetweenDateAndTime]
            formatter.timeZone = TimeZone(identifier: "UTC")
            text += " (\(formatter.string(from: Date(timeIntervalSince1970: summary.firstTime))) to \(formatter.string(from: Date(timeIntervalSince1970: summary.lastTime))), the file's clock)"
        } else {
            text += " (\(formatted(summary.firstTime, decimals: 3)) s to \(formatted(summary.lastTime, decimals: 3)) s)"
        }
        return text
    }

    func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole >= 86_400 { return "\(whole / 86_400) d \(whole / 3600 % 24) h \(whole / 60 % 60) min" }
        if whole >= 3600 { return "\(whole / 3600) h \(whole / 60 % 60) min \(whole % 60) s" }
        if whole >= 60 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(formatted(seconds, decimals: 2)) s"
    }

    func jsonObject(_ summary: Recording.Summary, path: String) -> String {
        var fields = ["\"file\": \(jsonString(path))", "\"format\": \(jsonString(summary.format.rawValue))",
                      "\"compression\": \(jsonString(summary.compression.rawValue))", "\"bytes\": \(summary.fileSize)"]
        if let device = summary.device { fields.append("\"device\": \(jsonString(device))") }
        if let placement = summary.placement { fields.append("\"placement\": \(jsonString(placement))") }
        if let rate = summary.configuredRate { fields.append("\"configured_rate_hz\": \(formatted(rate, decimals: 3))") }
        if let layout = summary.layout {
            fields.append("\"columns\": [\(layout.columnDescriptions.map(jsonString).joined(separator: ", "))]")
            fields.append("\"time\": \(jsonString(layout.time.rawValue))")
            fields.append("\"units\": \(jsonString(layout.units.rawValue))")
        }
        fields.append("\"channels\": [\(summary.channels.map { jsonString($0.rawValue) }.joined(separator: ", "))]")
        fields.append("\"samples\": \(summary.samples)")
        fields.append("\"skipped_samples\": \(summary.skippedSamples)")
        if let rate = summary.meanRate { fields.append("\"rate_hz\": \(formatted(rate, decimals: 3))") }
        if summary.samples > 0 {
            fields.append("\"first_time\": \(formatted(summary.firstTime, decimals: 3))")
            fields.append("\"last_time\": \(formatted(summary.lastTime, decimals: 3))")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
