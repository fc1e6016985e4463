import ArgumentParser
import Foundation

/// `--jobs`: how many recordings a command reads at once, each on a core of its own (count,
/// bench).
struct JobsOption: ParsableArguments {
    @Option(help: ArgumentHelp("Recordings read at once, each on a core of its own (default: one per core, at most one per recording).",
                               valueName: "n"))
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more.") }
    }

    /// How many of `recordings` recordings to read at once: the number given, else one per
    /// core; never more than there are recordings, and at least one.
    func workers(for recordings: Int) -> Int {
        max(1, min(recordings, jobs ?? ProcessInfo.processInfo.activeProcessorCount))
    }
}
