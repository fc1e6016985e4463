#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The steps counted in one minute: the per-minute bucket the store keeps.
public struct MinuteStepCount: Sendable, Hashable, Codable {
    /// The start of the minute.
    public let start: Date
    /// Steps counted in the minute (also its cadence, in steps per minute).
    public let steps: Int

    /// A minute's count.
    /// - Throws: `GoalError.negativeSteps` for a negative count.
    public init(start: Date, steps: Int) throws(GoalError) {
        guard steps >= 0 else { throw .negativeSteps(steps) }
        self.start = start
        self.steps = steps
    }
}
