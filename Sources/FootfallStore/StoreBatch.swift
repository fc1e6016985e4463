import FootfallGoals

/// Everything one flush writes. ``FootfallDatabase/write(_:)`` stores a batch in one
/// transaction: either all of it is stored or none of it is.
public struct StoreBatch: Sendable, Equatable {
    /// Steps to add, per minute and source; each also adds to its day's total.
    public var minutes: [MinuteDelta]
    /// Steps to add to a day's total that no minute carries: a count carried over from a damaged
    /// store, or from before the daemon started, whose minutes could not be read. Never a minute
    /// made up to hold them.
    public var stepsWithoutMinutes: [LocalDay: Int]
    /// The goal to record for each day touched (by `minutes` or on its own, for example when
    /// the goal changes on a day without steps yet). A day with minutes but no entry here keeps
    /// the goal it already has; if it has no row yet, the batch is refused.
    public var dayGoals: [LocalDay: Int]
    /// Milestones reached; one already stored for the same day is left as it is.
    public var milestones: [MilestoneRecord]
    /// Goal changes to append to the history, oldest first.
    public var goalChanges: [GoalChange]

    /// Creates a batch; every part defaults to empty.
    public init(minutes: [MinuteDelta] = [], stepsWithoutMinutes: [LocalDay: Int] = [:], dayGoals: [LocalDay: Int] = [:],
                milestones: [MilestoneRecord] = [], goalChanges: [GoalChange] = []) {
        self.minutes = minutes
        self.stepsWithoutMinutes = stepsWithoutMinutes
        self.dayGoals = dayGoals
        self.milestones = milestones
        self.goalChanges = goalChanges
    }

    /// Whether the batch writes nothing at all.
    public var isEmpty: Bool {
        minutes.isEmpty && stepsWithoutMinutes.isEmpty && dayGoals.isEmpty && milestones.isEmpty && goalChanges.isEmpty
    }

    /// The steps the batch adds, all days together: what is lost if it cannot be written.
    public var steps: Int {
        minutes.reduce(0) { $0 + $1.steps } + stepsWithoutMinutes.values.reduce(0, +)
    }
}
