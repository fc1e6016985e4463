import ArgumentParser
import Foundation
import FootfallAnalysis
import FootfallTraces

/// `footfall plot`: an SVG of what the detector saw and decided on a trace.
struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a trace as the detector sees it, to show why steps were or were not counted.",
        usage: "footfall plot <recording> -o <file.svg> [<options>]",
        discussion: """
        The SVG has three panels: the acceleration magnitude; the band-passed signal with the \
        adaptive threshold (dashed), every candidate peak (circles: red when counted, purple \
        when the decision over its bout refused it, grey when refused before any decision), \
        the counted steps (red, pointing down) and the true steps from the sidecar when there \
        is one (green, pointing up); and every stretch the walking gate judged, as tall as \
        the decision's probability that it is walking (green walking, purple not). \
        --candidates-csv gives every candidate's reason, --judgements-csv every stretch's \
        evidence and decision. Long traces make wide pictures: use --start and --end to \
        draw a window.
        """
    )

    @Argument(help: ArgumentHelp("The recording to draw (any format 'footfall inspect' reads).", valueName: "recording"))
    var trace: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the SVG.", valueName: "file.svg"))
    var output: String?

    // -o's old long name.
    @Option(name: .customLong("out"), help: .hidden) var oldOutput: String?

    @Option(help: ArgumentHelp("Start of the window, seconds on the trace's clock.", valueName: "seconds"))
    var start: Double?

    @Option(help: ArgumentHelp("End of the window, seconds on the trace's clock.", valueName: "seconds"))
    var end: Double?

    // The window's old names, history's words for its days.
    @Option(name: .customLong("from"), help: .hidden) var oldStart: Double?
    @Option(name: .customLong("to"), help: .hidden) var oldEnd: Double?

    @Option(help: ArgumentHelp("Also write every detector frame as CSV, for analysis elsewhere.", valueName: "file.csv"))
    var framesCSV: String?

    @Option(help: ArgumentHelp("Also write every candidate peak as CSV, with its outcome: counted (and as how many steps), or refused and why.", valueName: "file.csv"))
    var candidatesCSV: String?

    @Option(help: ArgumentHelp("Also write every judgement of the walking gate as CSV: which candidates it judged, what the motion looked like, the evidence that gave, and the decision over its bout.", valueName: "file.csv"))
    var judgementsCSV: String?

    @OptionGroup(title: "Reading recordings") var recording: RecordingFileOptions

    @OptionGroup var detector: DetectorOptions

    func validate() throws {
        _ = try outputFile()
        if let start = try windowStart(), let end = try windowEnd(), end <= start {
            throw ValidationError("--end must be later than --start.")
        }
    }

    /// `-o/--output`, or its old name `--out`.
    func outputFile() throws -> String { try RenamedOption.output(output, old: oldOutput, oldName: "--out", what: "the SVG file to write") }

    /// `--start`, or its old name `--from`.
    func windowStart() throws -> Double? { try RenamedOption.value(start, name: "--start", old: oldStart, oldName: "--from") }

    /// `--end`, or its old name `--to`.
    func windowEnd() throws -> Double? { try RenamedOption.value(end, name: "--end", old: oldEnd, oldName: "--to") }

    func run() throws {
        let loaded = try Trace.load(path: trace, options: try recording.options())
        let configuration = try detector.configuration().forRecording(at: trace, sidecar: loaded.sidecar, placement: detector.placement)
        let recording = DetectorRecording(samples: loaded.samples, configuration: configuration)
        let start = try windowStart() ?? loaded.samples.first?.time ?? 0
        let end = try windowEnd() ?? loaded.samples.last?.time ?? start + 1
        var title = "\(loaded.name): \(recording.steps.count) steps counted"
        if let truth = loaded.sidecar?.steps { title += ", \(truth) true" }
        let plot = TracePlot(recording: recording, truth: loaded.sidecar?.stepTimes, window: start...max(end, start + 0.1),
                             title: title)
        try OutputFile.write(plot.svg(), to: try outputFile())
        if let candidatesCSV {
            try OutputFile.write(recording.candidatesCSV(), to: candidatesCSV)
        }
        if let framesCSV {
            try OutputFile.write(recording.framesCSV(), to: framesCSV)
        }
        if let judgementsCSV {
            try OutputFile.write(recording.judgementsCSV(), to: judgementsCSV)
        }
    }
}
