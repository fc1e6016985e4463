/// A milestone reached on a day ("50%", "1x", "2x", ...); the store keeps each at most once per
/// day, so the first time it was reached is the one remembered.
public struct MilestoneRecord: Sendable, Equatable {
    /// The local day, "YYYY-MM-DD".
    public var day: String
    /// The milestone's name, for example "50%" or "1x"; not empty.
    public var milestone: String
    /// The day's steps when it was reached.
    public var steps: Int
    /// The goal in effect then, in steps.
    public var goal: Int
    /// When it was reached, in Unix seconds.
    public var reachedAt: Double

    /// Creates a milestone record.
    public init(day: String, milestone: String, steps: Int, goal: Int, reachedAt: Double) {
        self.day = day
        self.milestone = milestone
        self.steps = steps
        self.goal = goal
        self.reachedAt = reachedAt
    }
}
