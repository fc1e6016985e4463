import ArgumentParser
import Foundation
import FootfallAnalysis
import FootfallDetection
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
        the file, or given with --columns, --time, --units, --preset), Axivity .cwa, ActiGraph \
        .gt3x and GENEActiv .bin, all but .gt3x also compressed with gzip, xz or zstd. A long \
        file shows a progress bar on a terminal.

        With --json, one trace prints one JSON object, and several traces print JSON lines: \
        one such object per line, in the order given, each with a "trace" field naming its \
        file. Step times are seconds on the trace's own clock:

          {"steps": 302, "step_times": [1.234, 1.781, ...], "cadence_spm": 112.5}

        A trace that cannot be read is reported on stderr with its file and line; the others are \
        still counted, and the exit status is 1. Several recordings are counted at once, one \
        per core (--jobs), and printed in the order given.

        With --days, each calendar day on the recording's clock gets a line: steps, minutes \
        worn, walking minutes (worn minutes with steps), minutes in each cadence band (0, \
        1-19, ..., 120+ steps/min, summing to the worn minutes), peak 1-minute and 30-minute \
        cadence, and whether the day is valid (worn --valid-hours or more). A device is not \
        worn where, for --nonwear-window minutes, two axes stay under --nonwear-sd and \
        --nonwear-range. A recording whose times are not dates (seconds from its start, as \
        in Footfall's own traces) has its days numbered instead: day 1, day 2, ... (in CSV \
        an empty day and its day_number, in JSON "day": null). --csv and --json change the \
        format; --minutes FILE writes every minute as the daemon keeps it:

          footfall count --days WEEK.cwa
          footfall count --days --csv --jobs 8 cohort/*.cwa > days.csv

        With --device, counts a live accelerometer instead, printing each step once the \
        walking decision over it is final (--lag seconds after its stretch of steps was \
        judged) until Ctrl-C, then the total. With --json, each step is a JSON line, T in \
        seconds on the monotonic clock:

          {"step": N, "time": T, "cadence_spm": X}
        """
    )

    @Argument(help: ArgumentHelp("Recordings to count: delimited text (Footfall's t,ax,ay,az, phone and watch exports, any CSV or TSV), Axivity .cwa, ActiGraph .gt3x, GENEActiv .bin; gzip, xz or zstd compressed. 'footfall inspect' says how a file is read.", valueName: "recording"))
    var traces: [String] = []

    @Option(help: ArgumentHelp("Count a live accelerometer instead: an id or name from 'footfall devices', or auto.", valueName: "id"))
    var device: String?

    @Flag(help: "Print JSON instead of text (see above).")
    var json = false

    @Option(help: ArgumentHelp("With --device: stop after this many seconds (default: at Ctrl-C).", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("With --device: the sample rate to ask for, Hz (default 50).", valueName: "hz"))
    var rate: Double?

    @Option(help: ArgumentHelp("With --device: how long the walking decision waits for the steps after a stretch before it decides it, seconds (default \(formatted(DetectorConfiguration.liveDecisionLag.inSeconds, decimals: 0)), 0 to 60). Recordings are decided over each whole bout.", valueName: "seconds"))
    var lag: Double?

    @OptionGroup var jobs: JobsOption

    @OptionGroup(title: "Reading recordings") var recording: RecordingFileOptions

    @OptionGroup(title: "Days") var dayOptions: DayOptions

    @OptionGroup var detector: DetectorOptions

    @OptionGroup var sensor: SensorOptions

    func validate() throws {
        if traces.isEmpty && device == nil { throw ValidationError("Give at least one trace file to count, or --device.") }
        if !traces.isEmpty && device != nil { throw ValidationError("Count either trace files or a --device, not both.") }
        if device == nil && (duration != nil || rate != nil || lag != nil) {
            throw ValidationError("--duration, --rate and --lag go with --device.")
        }
        if let lag, !(0...60).contains(lag) { throw ValidationError("--lag must be 0 to 60 seconds.") }
        if let duration, !(duration > 0) { throw ValidationError("--duration must be positive.") }
    }

    func run() throws {
        if let device {
            var live = try detector.configuration()
            live.decisionLag = .milliseconds(Int64(((lag ?? DetectorConfiguration.liveDecisionLag.inSeconds) * 1000).rounded()))
            live.showsProvisionalSteps = true
            try LiveCount(selector: DeviceSelector(device), json: json, detector: live,
                          catalog: try sensor.catalog(rate: rate), duration: duration, reportCosts: sensor.verbose).run()
            return
        }
        let options = try recording.options()
        let traces = self.traces
        let configuration = try detector.configuration(), placement = detector.placement
        let jobs = self.jobs.workers(for: traces.count)
        let dayOptions = self.dayOptions
        let daySettings = dayOptions.rules.settings
        let localOffset = daySettings.localOffset()
        let minutesFile = try dayOptions.minutes.map { try MinuteFile(path: $0) }
        var printedDayHeader = false
        let outcomes = OrderedOutcomes<CountedRecording>(count: traces.count) { index, outcome in
            let path = traces[index]
            switch outcome {
            case .success(let counted):
                if counted.count.skippedSamples > 0 {
                    FileHandle.standardError.write(Data("footfall: \(path): skipped \(counted.count.skippedSamples) sample\(counted.count.skippedSamples == 1 ? "" : "s") in damaged blocks\n".utf8))
                }
                if let days = counted.days {
                    let clock = counted.clock ?? .elapsed
                    if !json && (!dayOptions.csv || !printedDayHeader) {
                        print(dayOptions.csv ? DayTable.csvHeader : (index > 0 ? "\n" : "") + DayTable.textHeader(path: path, clock: clock))
                        printedDayHeader = true
                    }
                    for day in days {
                        print(json ? DayTable.json(day, path: path, clock: clock)
                                : dayOptions.csv ? DayTable.csvRow(day, path: path, clock: clock) : DayTable.textRow(day, clock: clock))
                    }
                    if let minutesFile, let minutes = counted.minutes { minutesFile.write(minutes, path: path, clock: clock) }
                } else {
                    print(json ? jsonLine(counted.count, path: path, several: traces.count > 1) : textLine(counted.count, path: path))
                }
            case .failure(let error):
                FileHandle.standardError.write(Data("footfall: \(error)\n".utf8))
            }
        }
        // One recording at a time shows its progress; several at once would fight over the line.
        let showProgress = jobs == 1
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            while let index = outcomes.take() {
                let path = traces[index]
                let progress = showProgress ? ReadingProgress(name: path) : nil
                let report = progress.map { bar in { bar.update(samples: $0, read: $1, size: $2) } }
                let outcome = Result { () throws(TraceError) -> CountedRecording in
                    // Where the recording is worn: the placement given, else where it says.
                    let sidecar = try TraceSidecar.load(besideTrace: path)
                    let configuration = configuration.forRecording(at: path, sidecar: sidecar, placement: placement)
                    guard dayOptions.wanted else {
                        return CountedRecording(count: try TraceCount.run(path: path, options: options, configuration: configuration,
                                                                          progress: report))
                    }
                    let counted = try RecordingDays.run(path: path, options: options, configuration: configuration,
                                                        settings: daySettings, localOffset: localOffset, progress: report)
                    return CountedRecording(count: counted.count, minutes: counted.minutes, days: counted.days, clock: counted.clock)
                }
                progress?.finish()
                outcomes.finish(index, outcome)
            }
        }
        if let minutesFile { try minutesFile.close() }
        if outcomes.failed { throw ExitCode.failure }
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

/// What counting one recording gave: its count, and its minutes and days when asked, with
/// whether its times are dates (nil for a recording without samples).
struct CountedRecording {
    var count: TraceCount
    var minutes: [RecordedMinute]?
    var days: [DaySummary]?
    var clock: RecordingClock?
}

/// Results of work done out of order, handed on in order: each as soon as it and every one
/// before it are in.
final class OrderedOutcomes<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [Int: Result<Value, TraceError>] = [:]
    private var next = 0
    private var taken = 0
    private let count: Int
    private let report: (Int, Result<Value, TraceError>) -> Void
    /// Whether any result was a failure.
    private(set) var failed = false

    init(count: Int, report: @escaping (Int, Result<Value, TraceError>) -> Void) {
        self.count = count
        self.report = report
    }

    /// The next piece of work nobody has taken, if any.
    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard taken < count else { return nil }
        taken += 1
        return taken - 1
    }

    func finish(_ index: Int, _ outcome: Result<Value, TraceError>) {
        lock.lock()
        defer { lock.unlock() }
        waiting[index] = outcome
        if case .failure = outcome { failed = true }
        while let ready = waiting.removeValue(forKey: next) {
            report(next, ready)
            next += 1
        }
    }
}
