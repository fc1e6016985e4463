import FootfallGoals

/// Today's figures as the socket reports them: what a PROGRESS event carries, and what STATUS
/// begins with. Both messages write them flat, beside their other members.
public struct ProgressFigures: Codable, Sendable, Equatable {
    /// The local day the figures are for.
    public var day: LocalDay
    /// Steps today.
    public var steps: Int
    /// Today's goal.
    public var goal: Int
    /// steps / goal, uncapped.
    public var progress: Double
    /// The progress band.
    public var tier: ProgressTier
    /// Current cadence while walking, steps per minute; 0 when not walking.
    public var cadenceSpm: Double
    /// Whether a walk is in progress.
    public var walking: Bool
    /// Steps reported provisional that the walking decision has still to decide (not in
    /// `steps`; some may be withdrawn). Absent from daemons before protocol minor 2.
    public var pending: Int?

    /// Creates the figures.
    public init(day: LocalDay, steps: Int, goal: Int, progress: Double, tier: ProgressTier, cadenceSpm: Double, walking: Bool,
                pending: Int? = nil) {
        self.day = day
        self.steps = steps
        self.goal = goal
        self.progress = progress
        self.tier = tier
        self.cadenceSpm = cadenceSpm
        self.walking = walking
        self.pending = pending
    }
}
