import FootfallGoals

/// Today's figures, in reply to `status`.
public struct StatusMessage: Codable, Sendable, Equatable {
    public var `class` = MessageClass.status
    public var id: RequestID?
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
    /// Distance today, metres (steps x stride length).
    public var distanceM: Double
    /// Milestones reached today, in order (half, 1x, 2x, ...).
    public var milestones: [Milestone]
    /// The sample source.
    public var source: SourceStatus
    /// The device's own step count, when it has a hardware counter: the chip's reading
    /// (steps since the counter was enabled).
    public var hardwareSteps: Int?
    /// Steps the chip's own counter counted today since the daemon started, through its resets
    /// and wrap-around, when the device has one: shown beside `steps` to compare, or the same
    /// figure when the chip's counter is the source.
    public var hardwareStepsToday: Int?
    /// Samples processed since start.
    public var samplesProcessed: Int
    /// Seconds since the daemon started.
    public var uptimeS: Double
    /// Approximate exercise minutes today (minutes at 100 steps/min or more), when enabled.
    public var exerciseMinutes: Int?
    /// Approximate active hours today (hours with 250 steps or more), when enabled.
    public var activeHours: Int?
    /// Whose steps these are (the configuration's user name), when set.
    public var userName: String?
    /// The palette the configuration chose for rendering.
    public var palette: Palette.Name

    public init(day: LocalDay, steps: Int, goal: Int, progress: Double, tier: ProgressTier, cadenceSpm: Double, walking: Bool,
                distanceM: Double, milestones: [Milestone], source: SourceStatus, hardwareSteps: Int?,
                samplesProcessed: Int, uptimeS: Double, exerciseMinutes: Int? = nil, activeHours: Int? = nil,
                userName: String? = nil, palette: Palette.Name = .standard, hardwareStepsToday: Int? = nil) {
        self.hardwareStepsToday = hardwareStepsToday
        self.userName = userName
        self.palette = palette
        self.day = day
        self.steps = steps
        self.goal = goal
        self.progress = progress
        self.tier = tier
        self.cadenceSpm = cadenceSpm
        self.walking = walking
        self.distanceM = distanceM
        self.milestones = milestones
        self.source = source
        self.hardwareSteps = hardwareSteps
        self.samplesProcessed = samplesProcessed
        self.uptimeS = uptimeS
        self.exerciseMinutes = exerciseMinutes
        self.activeHours = activeHours
    }
}
