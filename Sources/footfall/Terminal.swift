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
}
