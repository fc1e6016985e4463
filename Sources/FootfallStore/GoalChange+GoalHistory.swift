#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallGoals

extension GoalChange {
    /// A goal history's change as a row to store.
    /// - Parameter changedBy: the uid of the client that made it, or nil.
    public init(_ change: GoalHistory.Change, changedBy: UInt32?) {
        self.init(effectiveAt: change.effective.timeIntervalSince1970, goal: change.goal, changedBy: changedBy)
    }

    /// The row as a change of the goal history.
    public var historyChange: GoalHistory.Change {
        GoalHistory.Change(effective: Date(timeIntervalSince1970: effectiveAt), goal: goal)
    }
}
