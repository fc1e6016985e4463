import ArgumentParser
import Dispatch
import Foundation
import FootfallAnalysis
import FootfallClient
import FootfallGoals
import FootfallProtocol
import FootfallText

/// `footfall watch`: today's progress live, until Ctrl-C.
struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Watch today's steps live, until Ctrl-C.",
        discussion: """
        On a terminal, one line updates in place with the steps, the goal bar and the cadence; \
        milestones are announced on lines of their own (--format line). Otherwise, or with \
        --json, every event the daemon sends is printed as a JSON line: PROGRESS, STEP and \
        MILESTONE (see docs/protocol.md).

        --format waybar prints what a status bar's custom module reads: one JSON line per \
        change, with text (the tier's symbol and today's steps), tooltip, class (the tier: \
        low, mid or done) and percentage (of the goal, at most 100). For waybar:

          "custom/steps": {"exec": "footfall watch --format waybar",
                           "return-type": "json", "restart-interval": 10}

        See docs/dbus.md for other bars, and for apps that would rather use D-Bus.
        """
    )

    /// What `watch` prints.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        /// One line redrawn in place, for a terminal.
        case line
        /// Every event as the daemon sends it.
        case json
        /// One waybar JSON object per change.
        case waybar
    }

    @Option(help: ArgumentHelp("What to print (default: line on a terminal, json otherwise).", valueName: "format"))
    var format: Format?

    @Flag(help: "Print every event as a JSON line (the same as --format json).")
    var json = false

    @OptionGroup var client: ClientOptions

    func validate() throws {
        if json, let format, format != .json { throw ValidationError("Give either --json or --format \(format.rawValue), not both.") }
    }

    func run() async throws {
        let chosen = json ? .json : format ?? (Terminal.isInteractive ? .line : .json)
        let interactive = chosen == .line
        let colour = Terminal.wantsColour
        let watching = Task {
            try await client.withSession { session in
                guard case .status(let status) = try await session.ask(.status) else { throw ClientError.badReply("no STATUS") }
                if interactive {
                    try StandardOutput.write(Self.line(steps: status.steps, pending: status.figures.pending, goal: status.goal,
                                                       cadence: status.cadenceSpm, walking: status.walking, colour: colour))
                }
                var waybar = WaybarPrinter()
                if chosen == .waybar {
                    try waybar.show(WaybarLine(day: status.day, steps: status.steps, pending: status.figures.pending, goal: status.goal,
                                               cadence: status.cadenceSpm, walking: status.walking))
                }
                _ = try await session.ask(.watch(true))
                while !Task.isCancelled {
                    let message = try await session.next()
                    if chosen == .waybar {
                        if case .progress(let progress) = message {
                            try waybar.show(WaybarLine(day: progress.day, steps: progress.steps, pending: progress.figures.pending, goal: progress.goal,
                                                       cadence: progress.cadenceSpm, walking: progress.walking))
                        }
                        continue
                    }
                    if !interactive {
                        try StandardOutput.write(message.encodedLine())
                        continue
                    }
                    switch message {
                    case .progress(let progress):
                        try StandardOutput.write(Self.line(steps: progress.steps, pending: progress.figures.pending, goal: progress.goal, cadence: progress.cadenceSpm,
                                                           walking: progress.walking, colour: colour))
                    case .milestone(let milestone):
                        let text = milestone.milestone.announcement
                        try StandardOutput.write("\(ANSI.clearLine)\(text) (\(NumberText.grouped(milestone.steps)) steps)\n")
                    default:
                        break
                    }
                }
            }
        }
        let stop = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        signal(SIGINT, SIG_IGN)
        stop.setEventHandler { watching.cancel() }
        stop.resume()
        defer { stop.cancel() }
        do {
            try await watching.value
        } catch is CancellationError {
        } catch is StandardOutput.Closed {
            // The reader went away (a bar restarting its module, '| head'): nothing more to do.
        } catch let error as ExitCode {
            throw error
        } catch {
            if !watching.isCancelled { throw error }
        }
        if interactive { print() }
    }

    /// Prints waybar lines, each only when it differs from the one before.
    struct WaybarPrinter {
        var last: WaybarLine?

        mutating func show(_ line: WaybarLine) throws(StandardOutput.Closed) {
            guard line != last else { return }
            last = line
            try StandardOutput.write(line.encoded)
        }
    }

    /// The live line: steps, bar and cadence, redrawn in place.
    static func line(steps: Int, pending: Int? = nil, goal: Int, cadence: Double, walking: Bool, colour: Bool) -> String {
        let progress = (try? GoalProgress(steps: steps, goal: goal)) ?? (try! GoalProgress(steps: 0, goal: 1))
        let width = max(GoalBar.minimumWidth, min(Terminal.width - 40, 60))
        let bar = GoalBar.render(progress, width: width, colour: colour, palette: .named(.standard))
        let pace = walking ? "\(formatted(cadence, decimals: 0)) spm" : "still"
        return "\(ANSI.clearLine)\(StepCountText.text(steps: steps, pending: pending)) steps \(bar) \(progress.percent)% \(pace)"
    }
}
