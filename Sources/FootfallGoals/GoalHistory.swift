#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The daily step goal over time: the goal the user started with and every change since,
/// each with the instant it took effect.
///
/// A change applies from the moment it is made, so today's progress uses the new goal at
/// once, while a past day keeps the goal it ended with. The history is a plain value the
/// store persists as it is.
public struct GoalHistory: Sendable, Hashable, Codable {
    /// The goal before the user sets one: 10,000 steps a day.
    public static let defaultGoal = 10_000
    /// The goals a user may set, in steps: what the socket's `goal`, D-Bus's SetGoal, the
    /// configuration file's `goal` and `footfall goal` accept. (The store's schema, a shipped
    /// migration, says the same in SQL.)
    public static let allowedGoals = 1...1_000_000

    /// A goal and the instant from which it applies.
    public struct Change: Sendable, Hashable, Codable {
        /// The instant the goal took effect.
        public let effective: Date
        /// The daily step goal from then on, at least 1.
        public let goal: Int

        /// A change; `GoalHistory` checks the goal when it takes the change in.
        public init(effective: Date, goal: Int) {
            self.effective = effective
            self.goal = goal
        }
    }

    /// The goal in effect before the first change.
    public let initialGoal: Int
    /// The changes, oldest first; `effective` never decreases.
    public private(set) var changes: [Change]

    /// A history with one goal and no changes yet.
    /// - Throws: `GoalError.goalBelowOne` for a goal below 1.
    public init(initialGoal: Int = GoalHistory.defaultGoal) throws(GoalError) {
        guard initialGoal >= 1 else { throw .goalBelowOne(initialGoal) }
        self.initialGoal = initialGoal
        self.changes = []
    }

    /// A history rebuilt from stored changes (the store's rows, oldest first).
    /// - Throws: `GoalError.goalBelowOne` for any goal below 1, `GoalError.goalChangesOutOfOrder`
    ///   when a change is dated before the one listed before it.
    public init(initialGoal: Int, changes: [Change]) throws(GoalError) {
        guard initialGoal >= 1 else { throw .goalBelowOne(initialGoal) }
        if let bad = changes.first(where: { $0.goal < 1 }) { throw .goalBelowOne(bad.goal) }
        guard zip(changes, changes.dropFirst()).allSatisfy({ $0.effective <= $1.effective }) else {
            throw .goalChangesOutOfOrder
        }
        self.initialGoal = initialGoal
        self.changes = changes
    }

    /// Records a new goal that applies from `instant` on.
    ///
    /// A change never rewrites the past: if `instant` is earlier than the latest change (the
    /// system clock was set back), the new goal takes effect at the latest change's instant
    /// instead, and replaces it from there.
    /// - Throws: `GoalError.goalBelowOne` for a goal below 1.
    public mutating func setGoal(_ goal: Int, at instant: Date) throws(GoalError) {
        guard goal >= 1 else { throw .goalBelowOne(goal) }
        let effective = max(instant, changes.last?.effective ?? instant)
        changes.append(Change(effective: effective, goal: goal))
    }

    /// The goal in effect at an instant: the latest change made at or before it.
    public func goal(at instant: Date) -> Int {
        lastChange { $0.effective <= instant }?.goal ?? initialGoal
    }

    /// The goal a day is judged by: the one in effect at its last instant, so a goal changed
    /// during the day counts for the whole of it, and later changes do not touch it.
    public func goal(for day: LocalDay, boundary: DayBoundary) -> Int {
        let end = boundary.interval(of: day).end
        return lastChange { $0.effective < end }?.goal ?? initialGoal
    }

    private func lastChange(where isIncluded: (Change) -> Bool) -> Change? {
        // Changes are in order of `effective`, so a binary search finds the last one included.
        var low = 0, high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if isIncluded(changes[middle]) { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : changes[low - 1]
    }

    private enum CodingKeys: String, CodingKey {
        case initialGoal, changes
    }

    /// Reads a stored history, refusing goals below 1 and changes out of order.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let initial = try container.decode(Int.self, forKey: .initialGoal)
        let changes = try container.decode([Change].self, forKey: .changes)
        do {
            try self.init(initialGoal: initial, changes: changes)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .changes, in: container, debugDescription: error.description)
        }
    }
}
