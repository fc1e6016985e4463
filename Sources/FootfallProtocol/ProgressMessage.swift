import FootfallGoals

/// Progress while watching, at most a few times a second.
public struct ProgressMessage: Codable, Sendable, Equatable {
    public var `class` = MessageClass.progress
    public var day: LocalDay
    public var steps: Int
    public var goal: Int
    public var progress: Double
    public var tier: ProgressTier
    public var cadenceSpm: Double
    public var walking: Bool

    public init(day: LocalDay, steps: Int, goal: Int, progress: Double, tier: ProgressTier, cadenceSpm: Double, walking: Bool) {
        self.day = day
        self.steps = steps
        self.goal = goal
        self.progress = progress
        self.tier = tier
        self.cadenceSpm = cadenceSpm
        self.walking = walking
    }
}
