import ArgumentParser
import Foundation
import FootfallAnalysis
import FootfallDetection
import FootfallInput
import FootfallText
import FootfallTraces

/// `footfall record`: writes a live accelerometer to a trace, so people can build datasets.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record an accelerometer to a trace file (CSV + JSON sidecar).",
        usage: "footfall record -o <file.csv> [<options>]",
        discussion: """
        Writes the shared trace format: t,ax,ay,az in seconds from the first sample and m/s² \
        including gravity, in the device's axes after its mount matrix. The sidecar records the \
        device, its backend, the measured sample rate, the placement and activity when given, \
        and when the recording was made. Stops after --duration or on Ctrl-C; either way the \
        files are complete.
        """
    )

    @Option(help: ArgumentHelp("The device: an id or name from 'footfall devices', or auto.", valueName: "id"))
    var device: String = "auto"

    @Option(help: ArgumentHelp("Sample rate to ask for, Hz: the device runs at the lowest rate it offers at or above this.", valueName: "hz"))
    var rate: Double = 100

    @Option(help: ArgumentHelp("Seconds to record (default: until Ctrl-C).", valueName: "seconds"))
    var duration: Double?

    @Option(name: .shortAndLong, help: ArgumentHelp("The CSV file to write; the sidecar gets the same name with .json.", valueName: "file.csv"))
    var output: String?

    // -o's old long name.
    @Option(name: .customLong("out"), help: .hidden) var oldOutput: String?

    @Option(help: ArgumentHelp("Where the device is worn: wrist (a watch, a band), body (a pocket, the hand, a bag, a belt, the lower back) or unknown. Written to the sidecar, where count, bench and plot read it.",
                               valueName: "placement"))
    var placement: Placement?

    @Option(help: ArgumentHelp("What you did: walking, non-walking or mixed.", valueName: "activity"))
    var activity: TraceSidecar.Activity?

    @Option(help: ArgumentHelp("The true number of steps, if you counted them.", valueName: "n"))
    var steps: Int?

    @OptionGroup var sensor: SensorOptions

    func validate() throws {
        if try !outputFile().hasSuffix(".csv") { throw ValidationError("-o/--output must end in .csv (the sidecar gets .json).") }
        if !(rate >= 1 && rate <= 4000) { throw ValidationError("--rate must be between 1 and 4000 Hz.") }
        if let duration, !(duration > 0) { throw ValidationError("--duration must be positive.") }
        if let steps, steps < 0 { throw ValidationError("--steps cannot be negative.") }
    }

    /// `-o/--output`, or its old name `--out`.
    func outputFile() throws -> String { try RenamedOption.output(output, old: oldOutput, oldName: "--out", what: "the CSV file to write") }

    func run() throws {
        let out = try outputFile()
        let source = try sensor.catalog(rate: rate).open(DeviceSelector(device))
        try source.start()
        defer { source.stop() }
        let writer = try TraceCSVWriter(path: out)
        let interruption = Interruption()
        var batch: [Sample] = []
        var first: Double?
        var last = 0.0
        var count = 0
        var intervals: [Double] = []
        let started = MonotonicClock.now()
        FileHandle.standardError.write(Data("recording \(source.device.id) (\(source.device.name)) to \(out); Ctrl-C to stop\n".utf8))
        reading: while !interruption.isRequested {
            if let duration, MonotonicClock.now() - started >= duration { break }
            batch.removeAll(keepingCapacity: true)
            switch try source.read(into: &batch, timeout: .milliseconds(250)) {
            case .endOfStream: break reading
            case .timedOut: continue
            case .samples: break
            }
            for var sample in batch {
                if first == nil { first = sample.time }
                sample.time -= first!
                if count > 0 && intervals.count < 100_000 { intervals.append(sample.time - last) }
                last = sample.time
                writer.write(sample)
                count += 1
            }
        }
        try writer.close()
        let sorted = intervals.sorted()
        let medianRate = sorted.isEmpty ? source.device.currentRateHz ?? rate : 1 / max(sorted[sorted.count / 2], 1e-9)
        // Unknown is what a sidecar without a placement already says.
        var sidecar = TraceSidecar(steps: steps, activity: activity, placement: placement == .unknown ? nil : placement?.rawValue,
                                   device: "\(source.device.name) (\(source.device.backend.rawValue) \(source.device.id))",
                                   sampleRateHz: (medianRate * 1000).rounded() / 1000, samples: count,
                                   durationSeconds: (last * 1000).rounded() / 1000, dataset: "footfall record",
                                   groundTruth: steps.map { _ in "total count given by the person recording" },
                                   recordedAt: ISO8601DateFormatter().string(from: Date()))
        sidecar.stepTimes = nil
        try sidecar.encoded().write(to: URL(fileURLWithPath: TraceSidecar.path(forTrace: out)))
        print("wrote \(count) samples (\(formatted(last, decimals: 1)) s at \(formatted(medianRate, decimals: 1)) Hz) to \(out)")
    }
}

extension TraceSidecar.Activity: ExpressibleByArgument {}
