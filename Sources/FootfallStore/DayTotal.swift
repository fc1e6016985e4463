/// The steps of one local day and the goal that was in effect when the day was last updated.
/// Day totals are kept apart from minutes, so retention that deletes old minutes keeps them.
public struct DayTotal: Sendable, Equatable {
    /// The local day, "YYYY-MM-DD".
    public var day: String
    /// Steps counted that day, all sources together.
    public var steps: Int
    /// The daily goal, in steps, recorded with the day's last update.
    public var goal: Int

    /// Creates a day total.
    public init(day: String, steps: Int, goal: Int) {
        self.day = day
        self.steps = steps
        self.goal = goal
    }
}
