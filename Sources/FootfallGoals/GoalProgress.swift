/// The day's steps measured against its goal.
public struct GoalProgress: Sendable, Hashable, Codable {
    /// Steps counted so far in the day, 0 or more.
    public let steps: Int
    /// The day's step goal, 1 or more.
    public let goal: Int

    /// Measures steps against a goal.
    /// - Throws: `GoalError.negativeSteps` or `GoalError.goalBelowOne`.
    public init(steps: Int, goal: Int) throws(GoalError) {
        guard steps >= 0 else { throw .negativeSteps(steps) }
        guard goal >= 1 else { throw .goalBelowOne(goal) }
        self.steps = steps
        self.goal = goal
    }

    /// Steps / goal, uncapped: 1 is the goal, 1.7 means 170 %.
    public var progress: Double { Double(steps) / Double(goal) }

    /// Whole percent of the goal, rounded down so 100 appears only once the goal is reached
    /// (saturating at `Int.max` for absurd step counts).
    public var percent: Int {
        // Whole multiples and the remainder apart, the remainder in double width, so nothing
        // overflows but an absurd count of multiples, which saturates.
        let (wholes, overflow) = (steps / goal).multipliedReportingOverflow(by: 100)
        let fraction = goal.dividingFullWidth((steps % goal).multipliedFullWidth(by: 100)).quotient
        let (sum, overflowAgain) = wholes.addingReportingOverflow(fraction)
        return overflow || overflowAgain ? Int.max : sum
    }

    /// The tier, decided on whole steps so a goal of 10,001 is "mid" at 5,001 and not at 5,000.
    public var tier: ProgressTier {
        if steps >= goal { return .done }
        if steps >= Milestone.half.threshold(goal: goal) { return .mid }
        return .low
    }

    /// Steps still needed to reach the goal, 0 once reached.
    public var remaining: Int { max(0, goal - steps) }

    private enum CodingKeys: String, CodingKey {
        case steps, goal
    }

    /// Reads stored progress, refusing negative steps and goals below 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let steps = try container.decode(Int.self, forKey: .steps)
        let goal = try container.decode(Int.self, forKey: .goal)
        do {
            try self.init(steps: steps, goal: goal)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .steps, in: container, debugDescription: error.description)
        }
    }
}
