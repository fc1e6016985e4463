import Foundation

/// A tool's `--help` texts as argument-parser lays them out at a given width, and the lines in
/// them that end a paragraph before the wrapper would have: what the CLI's help tests and, in
/// tools/simulation, footfall-devsets' check.
public enum HelpLayout {
    /// One rendered help: the command line (tool and subcommands), how it exited, what it printed.
    public struct Help {
        public var command: String
        public var status: Int32
        public var text: String
        public var stderr: String
    }

    /// `executable --help` with a subcommand's path in front, rendered at `width` columns.
    public static func render(_ executable: URL, _ path: [String], width: Int = 80) throws -> Help {
        let result = try DaemonProcess.run(executable, path + ["--help"], environment: ["COLUMNS": "\(width)"])
        return Help(command: ([executable.lastPathComponent] + path).joined(separator: " "), status: result.status,
                    text: result.stdout, stderr: result.stderr)
    }

    /// The help of `executable` and of each of its subcommands and theirs, at `width` columns.
    public static func helps(of executable: URL, width: Int = 80) throws -> [Help] {
        var helps: [Help] = []
        var pending: [[String]] = [[]]
        while let path = pending.popLast() {
            let help = try render(executable, path, width: width)
            helps.append(help)
            pending += subcommands(in: help.text).map { path + [$0] }
        }
        return helps
    }

    /// The names listed under SUBCOMMANDS.
    public static func subcommands(in help: String) -> [String] {
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

    /// Where a row's help text starts in OPTIONS, ARGUMENTS and SUBCOMMANDS, and where its
    /// wrapped lines continue (argument-parser's label column).
    public static let labelColumn = 26

    /// Each line that ends a paragraph early, or an example the wrapper broke, with the line after it.
    public static func problems(in text: String, width: Int) -> [String] {
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
