#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallGoals

extension StepLedger {
    /// A consistent picture of today.
    public struct Figures: Sendable {
        public var day: LocalDay
        public var steps: Int
        public var goal: Int
        public var reached: [Milestone]
        public var walking: Bool
        public var cadence: Double
        public var lifetime: Int
        /// Today's minutes filed since the daemon started.
        public var todayMinutes: MinuteTally
        public var goalSince: Date?
        public var boundary: DayBoundary
        /// The goal history, for the goal a past day had.
        public var goals: GoalHistory
        /// Changes whenever the figures do, so PROGRESS is only sent on change.
        public var version: Int
        /// Steps the chip's own counter counted today since the daemon started, when the device
        /// has one: beside `steps` for comparison, or the same when the counter is the source.
        public var hardwareStepsToday: Int? = nil
        /// Steps reported provisional that the walking decision has still to decide: shown
        /// beside `steps`, never filed, stored or counted toward the goal.
        public var pending = 0

        /// Steps divided by the goal, uncapped (1.7 is 170 %).
        public var progress: Double { Double(steps) / Double(max(goal, 1)) }

        /// The progress band.
        public var tier: ProgressTier { ProgressTier(progress: progress) }
    }
}
