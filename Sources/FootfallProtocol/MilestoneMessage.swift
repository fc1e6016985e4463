import FootfallGoals

/// A milestone reached, while watching.
public struct MilestoneMessage: Codable, Sendable, Equatable {
    public var `class` = MessageClass.milestone
    public var day: LocalDay
    /// Half, 1x, 2x, ...
    public var milestone: Milestone
    public var steps: Int
    public var goal: Int

    public init(day: LocalDay, milestone: Milestone, steps: Int, goal: Int) {
        self.day = day
        self.milestone = milestone
        self.steps = steps
        self.goal = goal
    }
}
