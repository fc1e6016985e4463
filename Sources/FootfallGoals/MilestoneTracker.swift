/// Decides which milestones to announce, so each one is announced exactly once a day.
///
/// Feed it the day's running step total and the goal in effect; it returns the milestones
/// newly reached, in order. It remembers only the day and the highest milestone announced
/// in it, a plain `Codable` value: the store saves it with the day's steps and the daemon
/// restores it on start, so a restart announces nothing twice.
///
/// - A goal lowered mid-day so that several milestones are passed at once announces each of
///   them, once, in order.
/// - A goal raised mid-day retracts nothing, and a milestone already announced is not
///   announced again when it is reached anew under the higher goal.
/// - The first update for a later day starts that day afresh; an update for an earlier day
///   (a late event after rollover, or a clock set back) announces nothing and changes nothing.
public struct MilestoneTracker: Sendable, Hashable, Codable {
    /// The day the tracker is on, nil before the first update.
    public private(set) var day: LocalDay?
    /// The highest milestone announced on `day`, nil if none yet.
    public private(set) var highestAnnounced: Milestone?

    /// A tracker that has announced nothing.
    public init() {}

    /// A tracker restored from stored columns rather than its `Codable` form.
    public init(day: LocalDay?, highestAnnounced: Milestone?) {
        self.day = day
        self.highestAnnounced = highestAnnounced
    }

    /// Takes the day's running totals and returns the milestones reached for the first time.
    /// - Parameters:
    ///   - day: the day the steps belong to.
    ///   - steps: the day's total steps so far.
    ///   - goal: the goal in effect now (`GoalHistory.goal(at:)`).
    /// - Returns: the newly reached milestones, lowest first; often empty. With a tiny goal
    ///   the list can be long (a goal of 1 step reaches a milestone with every step), so an
    ///   announcer may want to show only the last.
    /// - Throws: `GoalError.negativeSteps` or `GoalError.goalBelowOne`; the tracker is unchanged.
    public mutating func update(day: LocalDay, steps: Int, goal: Int) throws(GoalError) -> [Milestone] {
        guard steps >= 0 else { throw .negativeSteps(steps) }
        guard goal >= 1 else { throw .goalBelowOne(goal) }
        if let current = self.day {
            if day < current { return [] }
            if day > current {
                self.day = day
                highestAnnounced = nil
            }
        } else {
            self.day = day
        }
        let reached = Self.highestReached(steps: steps, goal: goal)
        let announced = highestAnnounced?.rank ?? 0
        guard let reached, reached.rank > announced else { return [] }
        highestAnnounced = reached
        return (announced + 1...reached.rank).map(Milestone.init(rank:))
    }

    /// The highest milestone `steps` reach under `goal`, nil below half.
    static func highestReached(steps: Int, goal: Int) -> Milestone? {
        let multiple = steps / goal
        if multiple >= 1 { return .multiple(multiple) }
        return steps >= Milestone.half.threshold(goal: goal) ? .half : nil
    }
}
