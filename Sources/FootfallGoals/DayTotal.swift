/// The steps of one local day and the goal it is judged by: a day of history as the store
/// keeps it (a row of its `day_total` table) and as the socket's HISTORY and D-Bus's GetDays
/// report it.
public struct DayTotal: Sendable, Equatable, Codable {
    /// The local day.
    public var day: LocalDay
    /// Steps counted that day, all sources together.
    public var steps: Int
    /// The daily goal, in steps: for a stored day, the one in effect at its last update.
    public var goal: Int

    /// Creates a day total.
    public init(day: LocalDay, steps: Int, goal: Int) {
        self.day = day
        self.steps = steps
        self.goal = goal
    }
}
