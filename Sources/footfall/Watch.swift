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
        On a terminal, one line updates in place with the steps, the goal bar and the cadence;
        milestones are announced on lines of their own. Otherwise (or with --json) every event
        the daemon sends is printed as a JSON line: PROGRESS, STEP and MILESTONE (see
        docs/protocol.md).
        """
    )

    @Flag(help: "Print every event as a JSON line.")
    var json = false

    @OptionGroup var client: ClientOptions

    func run() async throws {
        let interactive = Terminal.isInteractive && !json
        let colour = Terminal.wantsColour
        let watching = Task {
            try await client.withSession { session in
                guard case .status(let status) = try await session.ask(.status) else { throw ClientError.badReply("no STATUS") }
                if interactive {
                    FileHandle.standardOutput.write(Data(Self.line(steps: status.steps, goal: status.goal, cadence: status.cadenceSpm,
                                                                  walking: status.walking, colour: colour).utf8))
                }
                _ = try await session.ask(.watch(true))
                while !Task.isCancelled {
                    let message = try await session.next()
                    if !interactive {
                        FileHandle.standardOutput.write(Data(message.encodedLine()))
                        continue
                    }
                    switch message {
                    case .progress(let progress):
                        FileHandle.standardOutput.write(Data(Self.line(steps: progress.steps, goal: progress.goal, cadence: progress.cadenceSpm,
                                                                      walking: progress.walking, colour: colour).utf8))
                    case .milestone(let milestone):
                        let text = milestone.milestone.announcement
                        FileHandle.standardOutput.write(Data("\(ANSI.clearLine)\(text) (\(NumberText.grouped(milestone.steps)) steps)\n".utf8))
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
        } catch let error as ExitCode {
            throw error
        } catch {
            if !watching.isCancelled { throw error }
        }
        if interactive { print() }
    }

    /// The live line: steps, bar and cadence, redrawn in place.
    static func line(steps: Int, goal: Int, cadence: Double, walking: Bool, colour: Bool) -> String {
        let progress = (try? GoalProgress(steps: steps, goal: goal)) ?? (try! GoalProgress(steps: 0, goal: 1))
        let width = max(GoalBar.minimumWidth, min(Terminal.width - 40, 60))
        let bar = GoalBar.render(progress, width: width, colour: colour, palette: .named(.standard))
        let pace = walking ? "\(formatted(cadence, decimals: 0)) spm" : "still"
        return "\(ANSI.clearLine)\(NumberText.grouped(steps)) steps \(bar) \(progress.percent)% \(pace)"
    }
}
