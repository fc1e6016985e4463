/// Whether terminal output should carry colour codes: only when it goes to a terminal and the
/// user has not opted out (https://no-color.org). The inputs are parameters so tests can
/// decide without a terminal; the CLI passes `isatty(STDOUT_FILENO)` and the environment.
public enum TerminalColour {
    /// Decides whether to colour.
    /// - Parameters:
    ///   - outputIsTerminal: whether the output stream is a terminal (not a pipe or a file).
    ///   - environment: the process environment; `NO_COLOR` set to anything but the empty
    ///     string turns colour off, and so does `TERM=dumb`.
    public static func isWanted(outputIsTerminal: Bool, environment: [String: String]) -> Bool {
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return outputIsTerminal
    }
}
