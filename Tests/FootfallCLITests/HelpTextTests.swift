import Foundation
import FootfallTestSupport
import Testing

/// Every `--help` of both executables, rendered at 80 columns by argument-parser's own
/// wrapping, reads as clean paragraphs: no line ends a paragraph early (a hard line break in
/// the source that the wrapper then breaks again), and examples stand on their own indented
/// lines, short enough not to be wrapped (`HelpLayout`; footfall-devsets' are checked in
/// tools/simulation).
struct HelpTextTests {
    static let width = 80

    /// `footfall`, each of its subcommands and theirs, and `footfalld`.
    static func helps() throws -> [HelpLayout.Help] {
        try HelpLayout.helps(of: DaemonProcess.executable("footfall"), width: width)
            + [HelpLayout.render(DaemonProcess.executable("footfalld"), [], width: width)]
    }

    static func render(_ executable: URL, _ arguments: [String]) throws -> String {
        let help = try HelpLayout.render(executable, arguments, width: width)
        #expect(help.status == 0, "\(help.command) --help: \(help.stderr)")
        return help.text
    }

    @Test func theSubcommandsAreAllFound() throws {
        let root = try HelpTextTests.render(DaemonProcess.executable("footfall"), [])
        #expect(HelpLayout.subcommands(in: root) == ["status", "watch", "history", "goal", "render", "count", "cohort", "inspect",
                                                      "convert", "bench", "plot", "synth", "devices", "record"])
        let helps = try HelpTextTests.helps().map(\.command)
        #expect(helps.contains("footfall count") && helps.contains("footfall record") && helps.contains("footfalld"), "\(helps)")
        #expect(["plan", "run", "merge", "slurm"].allSatisfy { helps.contains("footfall cohort \($0)") }, "\(helps)")
    }

    /// An option the commands for recorded data share reads the same in each: its row in
    /// --help, and the error for a value it refuses.
    @Test func sharedOptionsReadTheSameInEveryCommand() throws {
        let footfall = DaemonProcess.executable("footfall")
        func row(_ option: String, of command: String) throws -> String {
            let lines = try HelpTextTests.render(footfall, [command]).split(separator: "\n", omittingEmptySubsequences: false)
            let start = try #require(lines.firstIndex { $0.hasPrefix("  \(option) ") }, "\(command) --help has no \(option)")
            let continued = lines[(start + 1)...].prefix { $0.hasPrefix(String(repeating: " ", count: HelpLayout.labelColumn)) }
            return ([lines[start]] + continued).joined(separator: "\n")
        }
        #expect(try row("--jobs", of: "count") == row("--jobs", of: "bench"))
        for command in ["count", "bench"] {
            let refused = try DaemonProcess.run(footfall, [command, "--jobs", "0", "x.csv"])
            #expect(refused.status == 64 && refused.stderr.hasPrefix("Error: --jobs must be 1 or more."), "\(command): \(refused.stderr)")
        }
    }

    @Test func everyHelpReadsAsCleanParagraphsAt80Columns() throws {
        for help in try HelpTextTests.helps() {
            #expect(help.status == 0, "\(help.command) --help: \(help.stderr)")
            let problems = HelpLayout.problems(in: help.text, width: HelpTextTests.width)
            #expect(problems.isEmpty, "\(help.command) --help at \(HelpTextTests.width) columns:\n\(problems.joined(separator: "\n"))")
        }
    }

    @Test func theCheckFindsARaggedParagraphAndAWrappedExample() {
        // Today's bench help before it was rewritten: a hard break at 88 columns wrapped again.
        let ragged = """
            OVERVIEW: Score the detector.

            Cluster job arrays: give each machine --shard I/N (I from 0) and --json
            --output,
            then combine the files with 'footfall bench --merge FILE...'.

            """
        #expect(HelpLayout.problems(in: ragged, width: 80).count == 1)
        let wrappedExample = """
            OVERVIEW: Score the detector.

            For a Slurm array:
              footfall bench data/ --shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT
            --json -o part.json

            """
        #expect(HelpLayout.problems(in: wrappedExample, width: 80).count == 1)
        let clean = """
            OVERVIEW: Draw a trace as the detector sees it, to show why steps were or were
            not counted.

            For a Slurm array:
              footfall bench data/ --shard $I/$N --json -o part-$I.json

            USAGE: footfall bench <path> ... [--json] [--output <file>] [--jobs <jobs>] [--shard <I/N>] [--merge]

            OPTIONS:
              --jobs <jobs>           Recordings to run at once (default: all cores, here
                                      2).
              --candidates-csv <file.csv>
                                      Also write every candidate peak as CSV.
              -h, --help              Show help information.

            """
        #expect(HelpLayout.problems(in: clean, width: 80).isEmpty, "\(HelpLayout.problems(in: clean, width: 80))")
    }
}
