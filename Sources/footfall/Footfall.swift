import ArgumentParser

/// The `footfall` command: counts steps in recorded traces, benchmarks the detector, and
/// (with the daemon) shows today's progress.
@main
struct Footfall: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "footfall",
        abstract: "Count steps from accelerometer traces and devices, and benchmark the detector.",
        discussion: """
        Traces are CSV files with the header 't,ax,ay,az' (seconds, m/s^2 including gravity),
        optionally with a JSON sidecar of the same name holding the true steps.
        """,
        version: FootfallVersion.release,
        subcommands: [Count.self, Bench.self, Plot.self, Synth.self, Devices.self, Record.self, Render.self]
    )
}

/// The release this build reports.
enum FootfallVersion {
    static let release = "0.1.0"
}
