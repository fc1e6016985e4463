import Foundation
import FootfallTestSupport
import Testing

/// Every `--help` of both executables, and of the development tool footfall-devsets, rendered
/// at 80 columns by argument-parser's own wrapping, reads as clean paragraphs: no line ends a
/// paragraph early (a hard line break in the source that the wrapper then breaks again), and
/// examples stand on their own indented lines, short enough not to be wrapped.
struct HelpTextTests {
    static let width = 80

    /// `footfall`, each of its subcommands and theirs, `footfall-devsets` and its subcommands,
    /// and `footfalld`.
    static func helps() throws -> [(command: String, text: String)] {
        var helps: [(command: String, text: String)] = []
        for tool in ["footfall", "footfall-devsets"] {
            let executable = DaemonProcess.executable(tool)
            var pending: [[String]] = [[]]
            while let path = pending.popLast() {
                let text = try render(executable, path)
                helps.append((([tool] + path).joined(separator: " "), text))
                pending += subcommands(in: text).map { path + [$0] }
            }
        }
        helps.append(("footfalld", try render(DaemonProcess.executable("footfalld"), [])))
        return helps
    }

    static func render(_ executable: URL, _ arguments: [String]) throws -> String {
        let result = try DaemonProcess.run(executable, arguments + ["--help"], environment: ["COLUMNS": "\(width)"])
        #expect(result.status == 0, "\(executable.lastPathComponent) \(arguments) --help: \(result.stderr)")
        return result.stdout
    }

    /// The names listed under SUBCOMMANDS.
    static func subcommands(in help: String) -> [String] {
        var names: [String] = []
        var inSection = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("SUBCOMMANDS:") { inSection = true; continue }
            guard inSection else { continue }
            if !line.isEmpty && !line.hasPrefix(" ") { break }
            // A row starts at column 2; its wrapped abstract continues at column 26.
            if line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first, !name.hasPrefix("See") {
                names.append(String(name))
            }
        }
        return names
    }

    @Test func theSubcommandsAreAllFound() throws {
        let root = try HelpTextTests.render(DaemonProcess.executable("footfall"), [])
        #expect(HelpTextTests.subcommands(in: root) == ["status", "watch", "history", "goal", "render", "count", "cohort", "inspect",
                                                         "convert", "bench", "plot", "synth", "devices", "record"])
        let helps = try HelpTextTests.helps().map(\.command)
        #expect(["plan", "run", "merge", "slurm"].allSatisfy { helps.contains("footfall cohort \($0)") }, "\(helps)")
        #expect(helps.contains("footfall-devsets daily-living") && helps.contains("footfall-devsets gestures")
                && helps.contains("footfall-devsets gesture"), "\(helps)")
    }

    @Test func everyHelpReadsAsCleanParagraphsAt80Columns() throws {
        for (command, text) in try HelpTextTests.helps() {
            let problems = HelpLayout.problems(in: text, width: HelpTextTests.width)
            #expect(problems.isEmpty, "\(command) --help at \(HelpTextTests.width) columns:\n\(problems.joined(separator: "\n"))")
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

/// Reads a help text as argument-parser lays it out and finds lines that end a paragraph
/// before the wrapper would have.
enum HelpLayout {
    /// Where a row's help text starts in OPTIONS, ARGUMENTS and SUBCOMMANDS, and where its
    /// wrapped lines continue (argument-parser's label column).
    static let labelColumn = 26

    static func problems(in text: String, width: Int) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var problems: [String] = []
        var inRows = false
        var paragraphIndent = 0
        for (index, line) in lines.enumerated() {
            if !line.isEmpty && !line.hasPrefix(" ") {
                inRows = ["OPTIONS:", "ARGUMENTS:", "SUBCOMMANDS:"].contains(line)
                paragraphIndent = 0
            }
            guard index + 1 < lines.count, !line.isEmpty, !line.hasPrefix("USAGE:") else { continue }
            let next = lines[index + 1]
            guard !next.isEmpty else { continue }
            let indent = indentation(line)
            // What a line continuing this one's paragraph starts with.
            let continuation = inRows && indent < labelColumn ? labelColumn : indent
            if !inRows && indent > paragraphIndent {
                // An example line: the next line is another example, or a blank line. A line
                // back at the paragraph's indentation means the example was too long and the
                // wrapper broke it.
                if indentation(next) <= paragraphIndent {
                    problems.append("an example is followed by text without a blank line (or was wrapped):\n  |\(line)\n  |\(next)")
                }
                continue
            }
            // A label too long for its column has its help start on the next line, by design.
            if inRows && indent < labelColumn && !hasHelpBesideLabel(line) { continue }
            guard indentation(next) == continuation else { continue }
            let word = next.drop(while: { $0 == " " }).prefix(while: { $0 != " " })
            // The wrapper breaks at the last space within the width, so the next word would
            // have fitted on this line with a space before it and one after it.
            if line.count + 1 + word.count + 1 <= width {
                problems.append("a paragraph ends early (\"\(word)\" fits on the line before):\n  |\(line)\n  |\(next)")
            }
        }
        return problems
    }

    static func indentation(_ line: String) -> Int { line.prefix(while: { $0 == " " }).count }

    /// Whether a row's help text starts at the label column on the label's own line.
    static func hasHelpBesideLabel(_ line: String) -> Bool {
        let characters = Array(line)
        return characters.count > labelColumn && characters[labelColumn - 1] == " " && characters[labelColumn] != " "
    }
}
