import ArgumentParser
import Foundation
import FootfallGoals

/// `footfall render`: today's progress toward the step goal as a terminal bar or a Move-ring SVG.
struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw progress toward the daily step goal as a terminal bar or a Move-ring SVG.",
        discussion: """
        --text prints the goal bar: the tier's symbol (◔ below 50 %, ◕ from 50 %, ✓ from the \
        goal), the bar, and the percentage. Past the goal the bar spans 0 to today's steps, with \
        a marker at each multiple of the goal (> to >>>> for 1x to 4x, then 5x, 6x, ...). Colour \
        is used only when stdout is a terminal and NO_COLOR is not set.

        --svg FILE writes the day's Move ring on black, with the goal bar, for a screen or a \
        web page; the file carries a title and description for screen readers.

        Without --steps the figures come from the footfall daemon; until it runs, give \
        --steps (and --goal, default \(GoalHistory.defaultGoal)). Exit status 69 means the \
        daemon could not be reached.
        """
    )

    @Flag(help: "Print the goal bar to stdout.")
    var text = false

    @Option(help: ArgumentHelp("Write the Move ring as an SVG file ('-' for stdout).", valueName: "file.svg"))
    var svg: String?

    @Option(help: "Today's steps (instead of asking the daemon).")
    var steps: Int?

    @Option(help: "The daily step goal, at least 1 (default: \(GoalHistory.defaultGoal) with --steps, else the daemon's).")
    var goal: Int?

    @Option(help: "Width of the goal bar in columns, at least \(GoalBar.minimumWidth) (default: the terminal's, or 80).")
    var width: Int?

    @Option(help: "Colours; colorblind uses the Okabe-Ito palette, told apart with any common colour-vision deficiency.")
    var palette: Palette.Name?

    @Option(help: "Whose progress the SVG shows (default: your login name).")
    var name: String?

    func validate() throws {
        if text == (svg != nil) { throw ValidationError("Give exactly one of --text and --svg FILE.") }
        if let steps, steps < 0 { throw ValidationError("--steps cannot be negative (got \(steps)).") }
        if let goal, goal < 1 { throw ValidationError("--goal must be at least 1 step (got \(goal)).") }
        if let width {
            if svg != nil { throw ValidationError("--width sets the text bar's width; the SVG has a fixed size.") }
            if width < GoalBar.minimumWidth {
                throw ValidationError("--width must be at least \(GoalBar.minimumWidth) columns (got \(width)).")
            }
        }
        if let name, name.isEmpty { throw ValidationError("--name cannot be empty.") }
    }

    @OptionGroup var client: ClientOptions

    func run() async throws {
        let figures = try await todayFigures(from: DaemonTodaySource(client: client))
        let progress = try GoalProgress(steps: figures.steps, goal: figures.goal)
        let palette = Palette.named(palette ?? figures.palette ?? .standard)
        if text {
            let colour = TerminalColour.isWanted(outputIsTerminal: isatty(STDOUT_FILENO) == 1,
                                                 environment: ProcessInfo.processInfo.environment)
            print(GoalBar.render(progress, width: width ?? Self.terminalWidth(), colour: colour, palette: palette))
        } else if let svg {
            let owner = name ?? figures.name ?? Self.loginName()
            let document = MoveRingSVG(progress: progress, name: owner, palette: palette).document()
            try write(document, to: svg)
        }
    }

    /// The figures to draw: the command line's when --steps is given, else the daemon's.
    func todayFigures(from source: any TodaySource) async throws -> TodayFigures {
        if let steps { return TodayFigures(steps: steps, goal: goal ?? GoalHistory.defaultGoal, name: nil) }
        var figures = try await source.today()
        if let goal { figures.goal = goal }
        return figures
    }

    private func write(_ document: String, to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(Data(document.utf8))
            return
        }
        do {
            try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            let reason = (error as NSError).localizedDescription
            FileHandle.standardError.write(Data("footfall: cannot write \(path): \(reason)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// The terminal's width in columns, from the terminal itself or $COLUMNS, else 80.
    static func terminalWidth() -> Int {
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 10 {
            return Int(size.ws_col)
        }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }), columns >= 10 {
            return columns
        }
        return 80
    }

    /// The user's login name, or "you" when it cannot be found.
    static func loginName() -> String {
        let name = ProcessInfo.processInfo.userName
        return name.isEmpty ? "you" : name
    }
}

extension Palette.Name: ExpressibleByArgument {}
