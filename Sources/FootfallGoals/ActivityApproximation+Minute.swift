#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ActivityApproximation {
    /// What the approximations read of one minute: when it starts and the steps counted in it,
    /// all sources together (its count is also its cadence, in steps per minute).
    public struct Minute: Sendable, Hashable, Codable {
        /// The start of the minute.
        public let start: Date
        /// Steps counted in the minute.
        public let steps: Int

        /// A minute's count.
        /// - Throws: `GoalError.negativeSteps` for a negative count.
        public init(start: Date, steps: Int) throws(GoalError) {
            guard steps >= 0 else { throw .negativeSteps(steps) }
            self.start = start
            self.steps = steps
        }
    }
}
