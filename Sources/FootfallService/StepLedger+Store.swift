#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallGoals
import FootfallStore

extension StepLedger {
    /// Creates the ledger from what `store` holds: today's steps, today's milestones, every step
    /// ever, and the goal history over `initialGoal` (the configuration's).
    /// - Throws: `StoreError` when the store cannot be read, `GoalError` for a history that breaks its rules.
    public convenience init(store: FootfallDatabase, clock: DaemonClock, boundary: DayBoundary, initialGoal: Int) throws {
        let today = boundary.day(containing: clock.now())
        let goals = try GoalHistory(initialGoal: initialGoal, changes: try store.goalChanges().map(\.historyChange))
        self.init(clock: clock, boundary: boundary, goals: goals, todaySteps: try store.dayTotal(today),
                  reachedToday: try store.milestones(day: today).map(\.milestone), lifetime: try store.lifetimeTotal())
    }
}
