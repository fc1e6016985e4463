import FootfallGoals

/// Today's figures, in reply to `status`: those PROGRESS carries (`ProgressFigures`, read as
/// `status.steps`), and the rest of what the daemon knows of today and of itself.
@dynamicMemberLookup
public struct StatusMessage: Codable, Sendable, Equatable {
    public var `class` = MessageClass.status
    public var id: RequestID?
    /// The day, steps, goal, progress, tier, cadence and whether walking: written flat.
    public var figures: ProgressFigures
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

    /// Creates the message.
    public init(_ figures: ProgressFigures, distanceM: Double, milestones: [Milestone], source: SourceStatus, hardwareSteps: Int?,
                samplesProcessed: Int, uptimeS: Double, exerciseMinutes: Int? = nil, activeHours: Int? = nil,
                userName: String? = nil, palette: Palette.Name = .standard, hardwareStepsToday: Int? = nil) {
        self.figures = figures
        self.distanceM = distanceM
        self.milestones = milestones
        self.source = source
        self.hardwareSteps = hardwareSteps
        self.hardwareStepsToday = hardwareStepsToday
        self.samplesProcessed = samplesProcessed
        self.uptimeS = uptimeS
        self.exerciseMinutes = exerciseMinutes
        self.activeHours = activeHours
        self.userName = userName
        self.palette = palette
    }

    /// One of the figures PROGRESS carries too, by its name.
    public subscript<Value>(dynamicMember figure: WritableKeyPath<ProgressFigures, Value>) -> Value {
        get { figures[keyPath: figure] }
        set { figures[keyPath: figure] = newValue }
    }

    private enum CodingKeys: String, CodingKey {
        case `class`, id, distanceM, milestones, source, hardwareSteps, hardwareStepsToday, samplesProcessed, uptimeS,
             exerciseMinutes, activeHours, userName, palette
    }

    public init(from decoder: any Decoder) throws {
        figures = try ProgressFigures(from: decoder)
        let members = try decoder.container(keyedBy: CodingKeys.self)
        `class` = try members.decode(MessageClass.self, forKey: .class)
        id = try members.decodeIfPresent(RequestID.self, forKey: .id)
        distanceM = try members.decode(Double.self, forKey: .distanceM)
        milestones = try members.decode([Milestone].self, forKey: .milestones)
        source = try members.decode(SourceStatus.self, forKey: .source)
        hardwareSteps = try members.decodeIfPresent(Int.self, forKey: .hardwareSteps)
        hardwareStepsToday = try members.decodeIfPresent(Int.self, forKey: .hardwareStepsToday)
        samplesProcessed = try members.decode(Int.self, forKey: .samplesProcessed)
        uptimeS = try members.decode(Double.self, forKey: .uptimeS)
        exerciseMinutes = try members.decodeIfPresent(Int.self, forKey: .exerciseMinutes)
        activeHours = try members.decodeIfPresent(Int.self, forKey: .activeHours)
        userName = try members.decodeIfPresent(String.self, forKey: .userName)
        palette = try members.decode(Palette.Name.self, forKey: .palette)
    }

    public func encode(to encoder: any Encoder) throws {
        try figures.encode(to: encoder)
        var members = encoder.container(keyedBy: CodingKeys.self)
        try members.encode(`class`, forKey: .class)
        try members.encodeIfPresent(id, forKey: .id)
        try members.encode(distanceM, forKey: .distanceM)
        try members.encode(milestones, forKey: .milestones)
        try members.encode(source, forKey: .source)
        try members.encodeIfPresent(hardwareSteps, forKey: .hardwareSteps)
        try members.encodeIfPresent(hardwareStepsToday, forKey: .hardwareStepsToday)
        try members.encode(samplesProcessed, forKey: .samplesProcessed)
        try members.encode(uptimeS, forKey: .uptimeS)
        try members.encodeIfPresent(exerciseMinutes, forKey: .exerciseMinutes)
        try members.encodeIfPresent(activeHours, forKey: .activeHours)
        try members.encodeIfPresent(userName, forKey: .userName)
        try members.encode(palette, forKey: .palette)
    }
}
