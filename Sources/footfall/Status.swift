import ArgumentParser
import Foundation
import FootfallAnalysis
import FootfallClient
import FootfallGoals
import FootfallProtocol
import FootfallText

/// `footfall status`: today's steps, the goal bar, cadence, distance and the device.
struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show today's steps, progress toward the goal, cadence, distance and the device (the default command).",
        discussion: """
        Asks footfalld over its socket. With --json, prints the daemon's STATUS object as it is \
        (see docs/protocol.md). Exit status 69 when the daemon is not running.
        """
    )

    @Flag(help: "Print the STATUS object as JSON.")
    var json = false

    @OptionGroup var client: ClientOptions

    func run() async throws {
        let status = try await client.withSession { session -> StatusMessage in
            guard case .status(let status) = try await session.ask(.status) else { throw ClientError.badReply("no STATUS") }
            return status
        }
        if json {
            print(String(decoding: ServerMessage.status(status).encodedLine().dropLast(), as: UTF8.self))
            return
        }
        print(Self.describe(status, width: Terminal.width, colour: Terminal.wantsColour), terminator: "")
    }

    /// The status as a few lines for a terminal.
    static func describe(_ status: StatusMessage, width: Int, colour: Bool) -> String {
        let progress = (try? GoalProgress(steps: status.steps, goal: status.goal)) ?? (try! GoalProgress(steps: 0, goal: 1))
        let palette = Palette.named(status.palette)
        var lines: [String] = []
        let tier = progress.tier
        lines.append("\(status.day)  \(StepCountText.text(steps: status.steps, pending: status.figures.pending)) steps of \(NumberText.grouped(status.goal))  \(progress.percent)%  \(tier.symbol) \(tier.name)")
        lines.append(GoalBar.render(progress, width: max(GoalBar.minimumWidth, min(width, 100)), colour: colour, palette: palette))
        var details: [String] = []
        details.append(status.walking ? "walking at \(formatted(status.cadenceSpm, decimals: 0)) steps/min" : "not walking")
        details.append("\(formatted(status.distanceM / 1000, decimals: 2)) km")
        if !status.milestones.isEmpty { details.append("milestones: \(status.milestones.map(\.description).joined(separator: ", "))") }
        if let exercise = status.exerciseMinutes, let active = status.activeHours {
            details.append("~\(exercise) exercise min, ~\(active) active h (approximations)")
        }
        lines.append(details.joined(separator: " · "))
        let source = status.source
        var device = "\(source.kind.rawValue) \(source.device)"
        if !source.name.isEmpty && source.name != source.device { device += " (\(source.name))" }
        device += ": \(source.state.rawValue)"
        if source.losses > 0 { device += ", lost \(source.losses)x" }
        if let hardware = status.hardwareSteps { device += ", hardware counter \(NumberText.grouped(hardware))" }
        lines.append(device)
        // The chip's own count beside the day's, to compare (when the chip is not the source).
        if let chip = status.hardwareStepsToday, source.kind != .hardwareSteps {
            lines.append("chip's step counter: \(NumberText.grouped(chip)) steps today since footfalld started (not in the day's count)")
        } else if source.kind == .hardwareSteps {
            lines.append("counted by the chip's step counter: no step times or cadence")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
