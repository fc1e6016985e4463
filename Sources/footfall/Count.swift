import ArgumentParser
import Foundation
import FootfallAnalysis
import FootfallInput
import FootfallText
import FootfallTraces

/// `footfall count`: the number of steps in each trace.
struct Count: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Count the steps in recorded traces.",
        discussion: """
        Prints one line per trace: the steps counted, the median cadence and the file.

        Reads every format 'footfall inspect' knows, found from the content: delimited text \
        with any header (the time and axis columns, the time format and the unit found from \
        the file, or given with --columns, --time, --units, --preset), Axivity .cwa, and either \
        compressed with gzip, xz or zstd. A long file shows a progress bar on a terminal.

        With --json, one trace prints one JSON object, and several traces print JSON lines: \
        one such object per line, in the order given, each with a "trace" field naming its \
        file. Step times are seconds on the trace's own clock:

          {"steps": 302, "step_times": [1.234, 1.781, ...], "cadence_spm": 112.5}

        A trace that cannot be read is reported on stderr with its file and line; the others are \
        still counted, and the exit status is 1.

        With --device, counts a live accelerometer instead, printing each step as it is \
        credited (the first steps of a walk come together, once walking is confirmed) until \
        Ctrl-C, then the total. With --json, each step is a JSON line, T in seconds on the \
        monotonic clock:

          {"step": N, "time": T, "cadence_spm": X}
        """
    )

    @Argument(help: ArgumentHelp("Recordings to count: delimited text (Footfall's t,ax,ay,az, phone and watch exports, any CSV or TSV), Axivity .cwa; gzip, xz or zstd compressed. 'footfall inspect' says how a file is read.", valueName: "recording"))
    var traces: [String] = []

    @Option(help: ArgumentHelp("Count a live accelerometer instead: an id or name from 'footfall devices', or auto.", valueName: "id"))
    var device: String?

    @Flag(help: "Print JSON instead of text (see above).")
    var json = false

    @Option(help: ArgumentHelp("With --device: stop after this many seconds (default: at Ctrl-C).", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("With --device: the sample rate to ask for, Hz (default 50).", valueName: "hz"))
    var rate: Double?

    @OptionGroup(title: "Reading recordings") var recording: RecordingFileOptions

    @OptionGroup var detector: DetectorOptions

    @OptionGroup var sensor: SensorOptions

    func validate() throws {
        if traces.isEmpty && device == nil { throw ValidationError("Give at least one trace file to count, or --device.") }
        if !traces.isEmpty && device != nil { throw ValidationError("Count either trace files or a --device, not both.") }
        if device == nil && (duration != nil || rate != nil) { throw ValidationError("--duration and --rate go with --device.") }
        if let duration, !(duration > 0) { throw ValidationError("--duration must be positive.") }
    }

    func run() throws {
        if let device {
            try LiveCount(selector: DeviceSelector(device), json: json, detector: try detector.configuration(),
                          catalog: try sensor.catalog(rate: rate), duration: duration, reportCosts: sensor.verbose).run()
            return
        }
        let configuration = try detector.configuration()
        let options = try recording.options()
        var failed = false
        for path in traces {
            do {
                let progress = ReadingProgress(name: path)
                defer { progress.finish() }
                let count = try TraceCount.run(path: path, options: options, configuration: configuration,
                                               progress: { progress.update(samples: $0, read: $1, size: $2) })
                print(json ? jsonLine(count, path: path, several: traces.count > 1) : textLine(count, path: path))
            } catch {
                failed = true
                FileHandle.standardError.write(Data("footfall: \(error)\n".utf8))
            }
        }
        if failed { throw ExitCode.failure }
    }

    func textLine(_ count: TraceCount, path: String) -> String {
        "\(count.steps) steps\t\(formatted(count.cadence, decimals: 1)) spm\t\(path)"
    }

    func jsonLine(_ count: TraceCount, path: String, several: Bool) -> String {
        var out = "{"
        if several { out += "\"trace\": \(jsonString(path)), " }
        out += "\"steps\": \(count.steps), \"step_times\": ["
        out += count.stepTimes.map { formatted($0, decimals: 3) }.joined(separator: ", ")
        out += "], \"cadence_spm\": \(formatted(count.cadence, decimals: 1))}"
        return out
    }
}

/// A JSON string literal.
func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
