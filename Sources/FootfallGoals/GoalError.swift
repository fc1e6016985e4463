/// Why a goal-tracking value could not be made: each message says what was wrong and what
/// would be accepted, so it can be shown to the user as it is.
public enum GoalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A daily step goal below one step.
    case goalBelowOne(Int)
    /// A negative step count.
    case negativeSteps(Int)
    /// A calendar date that does not exist, or a year outside 1...9999.
    case invalidDay(year: Int, month: Int, day: Int)
    /// Text that is not a date in the form YYYY-MM-DD.
    case unreadableDay(String)
    /// A day start that is not a time of day.
    case invalidDayStart(hour: Int, minute: Int)
    /// Goal changes given out of time order.
    case goalChangesOutOfOrder

    /// The one-line message shown to the user.
    public var description: String {
        switch self {
        case .goalBelowOne(let goal):
            return "a daily step goal must be at least 1 step, not \(goal); the default is \(GoalHistory.defaultGoal)"
        case .negativeSteps(let steps):
            return "a step count cannot be negative (got \(steps))"
        case .invalidDay(let year, let month, let day):
            return "\(year)-\(month)-\(day) is not a calendar date; give a year from 1 to 9999, a month from 1 to 12 and a day that exists in that month"
        case .unreadableDay(let text):
            return "'\(text)' is not a date; write days as YYYY-MM-DD, for example 2026-03-29"
        case .invalidDayStart(let hour, let minute):
            return "\(hour):\(minute) is not a time of day for the day to start; give an hour from 0 to 23 and a minute from 0 to 59, for example 04:00"
        case .goalChangesOutOfOrder:
            return "goal changes must be listed oldest first; sort them by the instant they took effect"
        }
    }
}
