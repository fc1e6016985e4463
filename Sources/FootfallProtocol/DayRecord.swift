import FootfallGoals

/// One day of history.
public struct DayRecord: Codable, Sendable, Equatable {
    public var day: LocalDay
    public var steps: Int
    public var goal: Int

    public init(day: LocalDay, steps: Int, goal: Int) {
        self.day = day
        self.steps = steps
        self.goal = goal
    }
}
