/// Why the daemon refused to change the goal.
public enum GoalChangeRefusal: Error, Sendable, Equatable {
    /// The caller is neither the daemon's user nor root (or could not be identified).
    case notPermitted(String)
    /// The goal is out of range.
    case invalid(String)
}
