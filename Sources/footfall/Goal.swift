import ArgumentParser
import FootfallClient
import FootfallGoals
import FootfallProtocol
import FootfallText

/// `footfall goal [N]`: shows or sets the daily step goal.
struct Goal: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the daily step goal, or set it from now on.",
        discussion: """
        A new goal applies from the moment it is set; past days keep the goal they had. \
        Lowering it mid-day announces the milestones it passes, once each. Only the daemon's \
        user and root may set it.
        """
    )

    /// The goals the daemon accepts.
    static let allowed = GoalHistory.allowedGoals

    @Argument(help: ArgumentHelp("The new goal, in steps (\(Goal.allowed.lowerBound) to \(Goal.allowed.upperBound)).", valueName: "steps"))
    var steps: Int?

    @Flag(help: "Print the GOAL object as JSON.")
    var json = false

    @OptionGroup var client: ClientOptions

    func validate() throws {
        if let steps, !Self.allowed.contains(steps) {
            throw ValidationError("The goal must be from \(Self.allowed.lowerBound) to \(Self.allowed.upperBound) steps.")
        }
    }

    func run() async throws {
        let reply = try await client.withSession { session -> GoalMessage in
            guard case .goal(let goal) = try await session.ask(.goal(set: steps)) else { throw ClientError.badReply("no GOAL") }
            return goal
        }
        if json {
            print(String(decoding: ServerMessage.goal(reply).encodedLine().dropLast(), as: UTF8.self))
        } else if steps != nil {
            print("Daily goal set to \(NumberText.grouped(reply.goal)) steps, from now on.")
        } else {
            print("Daily goal: \(NumberText.grouped(reply.goal)) steps.")
        }
    }
}
