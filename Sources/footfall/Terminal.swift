import Foundation
import FootfallGoals

/// What the terminal allows: its width, and whether to colour.
enum Terminal {
    /// Whether standard output is a terminal.
    static var isInteractive: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether to colour output: a terminal, and no NO_COLOR.
    static var wantsColour: Bool {
        TerminalColour.isWanted(outputIsTerminal: isInteractive, environment: ProcessInfo.processInfo.environment)
    }

    /// Columns available.
    static var width: Int { Render.terminalWidth() }

    /// A number with thousands separators: 12,345.
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (value < 0 ? "-" : "") + out
    }
}
