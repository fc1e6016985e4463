import ArgumentParser
import Foundation
import FootfallAnalysis
import FootfallDetection
import FootfallText
import FootfallTraces

/// `footfall bench`: accuracy and speed of the detector on traces with ground truth.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Score the detector against traces with ground truth.",
        discussion: """
        Each path is a trace with a JSON sidecar, or a folder searched for them. Prints a table per \
        recording and per dataset, scored as in the shared datasets' README: median and mean \
        absolute count error and summed error over walking recordings, per-step precision, \
        recall and F1 within each recording's tolerance, false steps per hour on non-walking \
        recordings, and samples read and detected per second. Recordings are read as \
        'footfall count' reads them, and each is counted where --placement says, else where \
        it says it was worn (its sidecar, a watch's name, a GENEActiv's header), as count does.

        Cluster job arrays: give each machine --shard I/N (I from 0) and --json --output, \
        then combine the files with 'footfall bench --merge FILE...'. For a Slurm array, \
        with I and N from $SLURM_ARRAY_TASK_ID and $SLURM_ARRAY_TASK_COUNT:

          footfall bench data/ --shard $I/$N --json -o part-$I.json
          footfall bench --merge part-*.json

        For a Kubernetes indexed Job, take I from $JOB_COMPLETION_INDEX.
        """
    )

    @Argument(help: ArgumentHelp("Traces with sidecars, or folders of them; with --merge, report files.", valueName: "path"))
    var paths: [String] = []

    @Flag(help: "Print the report as JSON (the format --merge reads).")
    var json = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the report to a file instead of stdout.", valueName: "file"))
    var output: String?

    @OptionGroup var jobs: JobsOption

    @Option(help: ArgumentHelp("Run only shard I of N (0 <= I < N): every N-th recording in path order.", valueName: "I/N"))
    var shard: String?

    @Flag(help: "Merge reports written by --json (one per shard) instead of running.")
    var merge = false

    @Flag(help: "Also list every recording, not just the datasets.")
    var recordings = false

    @Flag(help: "Measure speed instead of accuracy: the detector core and the parser, alone, on one core.")
    var speed = false

    @Flag(help: "Run the live path (the fixed-lag decision, provisional steps shown) and report the provisional steps its decision withdrew, per dataset and activity.")
    var live = false

    @Option(help: ArgumentHelp("Write every stretch of 4 and 8 strong candidate steps, with what the walking model reads of it, as CSV: the material tools/walking-model labels and learns from.",
                               valueName: "file.csv"))
    var windowsCSV: String?

    @Option(help: ArgumentHelp("With --windows-csv, also write every stretch the walking gate judged, with the steps its decision decides, as CSV: the material tools/walking-model learns the decision over bouts from.",
                               valueName: "file.csv"))
    var nodesCSV: String?

    @OptionGroup(title: "Reading recordings") var recording: RecordingFileOptions

    @Flag(help: .hidden) var featureConstants = false

    @OptionGroup var detector: DetectorOptions

    func validate() throws {
        if paths.isEmpty && !featureConstants { throw ValidationError("Give at least one trace or folder (or report files with --merge).") }
        if let shard, Shard(parsing: shard) == nil {
            throw ValidationError("--shard must be I/N with 0 <= I < N, for example 0/4.")
        }
        if merge && shard != nil { throw ValidationError("--merge combines finished reports; it takes no --shard.") }
        if windowsCSV != nil && (merge || speed) { throw ValidationError("--windows-csv runs the detector: it takes no --merge or --speed.") }
        if nodesCSV != nil && windowsCSV == nil { throw ValidationError("--nodes-csv is written with --windows-csv.") }
    }

    func run() throws {
        if featureConstants {
            // The constants the walking model's features are measured with, for
            // tools/walking-model/train.py to write into the model it learns.
            print(WalkingFeatures.Constants.fingerprint)
            return
        }
        if speed {
            try runSpeed()
            return
        }
        if let windowsCSV {
            try writeWindows(to: windowsCSV)
            return
        }
        if live {
            let (_, chosen) = try chosenRecordings()
            let bar = ProgressBar(total: chosen.count)
            var configuration = try detector.configuration()
            let lag = configuration.decisionLag ?? DetectorConfiguration.liveDecisionLag
            configuration.decisionLag = lag
            let text = try LiveBench.table(chosen, configuration: configuration, placement: detector.placement,
                                           options: try recording.options(), lag: lag) { bar.update($0) }
            bar.finish()
            if let output { try OutputFile.write(text, to: output) } else { print(text, terminator: "") }
            return
        }
        let report: BenchReport
        if merge {
            report = try BenchReport.merge(paths.map(loadReport))
        } else {
            let (shard, chosen) = try chosenRecordings()
            let bar = ProgressBar(total: chosen.count)
            let scores = try BenchReport.run(chosen, configuration: try detector.configuration(), placement: detector.placement,
                                             options: try recording.options(),
                                             jobs: jobs.workers(for: chosen.count)) { done in
                bar.update(done)
            }
            bar.finish()
            report = BenchReport(recordings: scores, shard: shard)
        }
        let text: String
        if json {
            text = String(decoding: try report.encoded(), as: UTF8.self) + "\n"
        } else {
            text = (recordings ? report.recordingTable() + "\n" : "") + report.datasetTable()
        }
        if let output {
            try OutputFile.write(text, to: output)
        } else {
            print(text, terminator: "")
        }
    }

    func runSpeed() throws {
        let traces = try BenchCorpus.traces(paths)
        if traces.isEmpty { throw ValidationError("No recordings (.csv, .tsv, .cwa, compressed or not) found under: \(paths.joined(separator: " "))") }
        let result = try SpeedBenchmark.run(paths: traces, options: try recording.options(), configuration: try detector.configuration())
        let text: String
        if json {
            text = String(decoding: try JSONEncoder().encode(result), as: UTF8.self) + "\n"
        } else {
            text = """
            traces: \(traces.count), \(result.samples) samples, median input rate \(formatted(result.inputRateHz, decimals: 1)) Hz
            detection core: \(formatted(result.detectionSamplesPerSecond / 1e6, decimals: 1)) M samples/s (one core, samples in memory)
            trace parser:   \(formatted(result.parsingSamplesPerSecond / 1e6, decimals: 1)) M samples/s, \(formatted(result.parsingMegabytesPerSecond, decimals: 0)) MB/s

            """
        }
        if let output {
            try OutputFile.write(text, to: output)
        } else {
            print(text, terminator: "")
        }
    }

    /// This shard's recordings under `paths`, and the shard.
    func chosenRecordings() throws -> (Shard, [BenchRecording]) {
        let shard = self.shard.flatMap(Shard.init(parsing:)) ?? .whole
        let chosen = shard.select(try BenchCorpus.discover(paths))
        if chosen.isEmpty { throw ValidationError("No traces with sidecars found under: \(paths.joined(separator: " "))") }
        return (shard, chosen)
    }

    func writeWindows(to path: String) throws {
        let (_, chosen) = try chosenRecordings()
        let configuration = try detector.configuration(), options = try recording.options()
        let bar = ProgressBar(total: chosen.count)
        var text = WindowProbeExport.header + "\n"
        var nodes = WindowProbeExport.nodesHeader + "\n"
        for (done, recording) in chosen.enumerated() {
            let rows = try WindowProbeExport.allRows(for: recording, configuration: configuration, placement: detector.placement,
                                                     options: options)
            text += rows.windows
            nodes += rows.nodes
            bar.update(done + 1)
        }
        bar.finish()
        try OutputFile.write(text, to: path)
        if let nodesCSV { try OutputFile.write(nodes, to: nodesCSV) }
    }

    func loadReport(_ path: String) throws -> BenchReport {
        do {
            return try JSONDecoder().decode(BenchReport.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw BenchMergeError.notAReport(path: path, detail: "\(error)")
        }
    }
}
