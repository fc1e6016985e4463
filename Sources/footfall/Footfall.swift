import ArgumentParser
import FootfallVocabulary

/// The `footfall` command: counts steps in recorded traces, benchmarks the detector, and
/// (with the daemon) shows today's progress.
@main
struct Footfall: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "footfall",
        abstract: "Footfall's command-line tool: today's steps and goal from footfalld, history, live watching; counting and benchmarking traces and devices.",
        discussion: """
        Traces are CSV files with the header 't,ax,ay,az' (seconds, m/s^2 including gravity), \
        optionally with a JSON sidecar of the same name holding the true steps. count, bench, \
        plot, inspect and convert also read other recordings: phone and watch exports and any \
        CSV or TSV, Axivity .cwa, ActiGraph .gt3x, GENEActiv .bin, compressed with gzip, xz or \
        zstd ('footfall inspect FILE' says how one is read).
        """,
        version: FootfallRelease.version,
        subcommands: [Status.self, Watch.self, History.self, Goal.self, Render.self,
                      Count.self, Cohort.self, Inspect.self, Convert.self, Bench.self, Plot.self, Synth.self, Devices.self, Record.self],
        defaultSubcommand: Status.self
    )
}
