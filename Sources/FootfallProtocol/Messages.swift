/// The VERSION banner, sent on connect and in reply to `version`.
public struct VersionMessage: Codable, Sendable, Equatable {
    public var `class` = "VERSION"
    public var id: RequestID?
    /// The daemon's release.
    public var release: String
    public var protoMajor = ProtocolVersion.major
    public var protoMinor = ProtocolVersion.minor

    public init(release: String, id: RequestID? = nil) {
        self.release = release
        self.id = id
    }

    enum CodingKeys: String, CodingKey {
        case `class`, id, release
        case protoMajor = "proto_major", protoMinor = "proto_minor"
    }
}

/// Where the daemon's samples come from, and whether they are coming.
public struct SourceStatus: Codable, Sendable, Equatable {
    /// "iio", "evdev" or "replay".
    public var kind: String
    /// The device id or trace path.
    public var device: String
    /// The device's name.
    public var name: String
    /// "up", "down" (lost, being looked for) or "finished" (a replay that ended).
    public var state: String
    /// Times the device was lost since start.
    public var losses: Int
    /// The rate samples arrive at, Hz, when known.
    public var rateHz: Double?

    public init(kind: String, device: String, name: String, state: String, losses: Int, rateHz: Double?) {
        self.kind = kind
        self.device = device
        self.name = name
        self.state = state
        self.losses = losses
        self.rateHz = rateHz
    }

    enum CodingKeys: String, CodingKey {
        case kind, device, name, state, losses
        case rateHz = "rate_hz"
    }
}

/// Today's figures, in reply to `status`.
public struct StatusMessage: Codable, Sendable, Equatable {
    public var `class` = "STATUS"
    public var id: RequestID?
    /// The local day ("YYYY-MM-DD") the figures are for.
    public var day: String
    /// Steps today.
    public var steps: Int
    /// Today's goal.
    public var goal: Int
    /// steps / goal, uncapped.
    public var progress: Double
    /// "low", "mid" or "done".
    public var tier: String
    /// Current cadence while walking, steps per minute; 0 when not walking.
    public var cadenceSpm: Double
    /// Whether a walk is in progress.
    public var walking: Bool
    /// Distance today, metres (steps x stride length).
    public var distanceM: Double
    /// Milestones reached today, in order ("50%", "1x", "2x", ...).
    public var milestones: [String]
    /// The sample source.
    public var source: SourceStatus
    /// The device's own step count, when it has a hardware counter.
    public var hardwareSteps: Int?
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
    /// The palette the configuration chose for rendering: "standard" or "colorblind".
    public var palette: String

    public init(day: String, steps: Int, goal: Int, progress: Double, tier: String, cadenceSpm: Double, walking: Bool,
                distanceM: Double, milestones: [String], source: SourceStatus, hardwareSteps: Int?,
                samplesProcessed: Int, uptimeS: Double, exerciseMinutes: Int? = nil, activeHours: Int? = nil,
                userName: String? = nil, palette: String = "standard") {
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

    enum CodingKeys: String, CodingKey {
        case `class`, id, day, steps, goal, progress, tier, walking, milestones, source
        case cadenceSpm = "cadence_spm", distanceM = "distance_m", hardwareSteps = "hardware_steps"
        case samplesProcessed = "samples_processed", uptimeS = "uptime_s"
        case exerciseMinutes = "exercise_minutes", activeHours = "active_hours"
        case userName = "user_name", palette
    }
}

/// One day of history.
public struct DayRecord: Codable, Sendable, Equatable {
    public var day: String
    public var steps: Int
    public var goal: Int

    public init(day: String, steps: Int, goal: Int) {
        self.day = day
        self.steps = steps
        self.goal = goal
    }
}

/// One minute of history.
public struct MinuteRecord: Codable, Sendable, Equatable {
    /// The minute's start, Unix seconds.
    public var start: Double
    public var steps: Int
    public var cadenceSpm: Double
    /// "iio", "evdev" or "replay".
    public var source: String

    public init(start: Double, steps: Int, cadenceSpm: Double, source: String) {
        self.start = start
        self.steps = steps
        self.cadenceSpm = cadenceSpm
        self.source = source
    }

    enum CodingKeys: String, CodingKey {
        case start, steps, source
        case cadenceSpm = "cadence_spm"
    }
}

/// A range of history, in reply to `history`.
public struct HistoryMessage: Codable, Sendable, Equatable {
    public var `class` = "HISTORY"
    public var id: RequestID?
    public var granularity: Request.Granularity
    public var from: String
    public var to: String
    /// Days, oldest first (granularity "day").
    public var days: [DayRecord]?
    /// Minutes with steps, oldest first (granularity "minute").
    public var minutes: [MinuteRecord]?

    public init(granularity: Request.Granularity, from: String, to: String, days: [DayRecord]? = nil, minutes: [MinuteRecord]? = nil) {
        self.granularity = granularity
        self.from = from
        self.to = to
        self.days = days
        self.minutes = minutes
    }
}

/// The answer to `watch`.
public struct WatchMessage: Codable, Sendable, Equatable {
    public var `class` = "WATCH"
    public var id: RequestID?
    public var enable: Bool

    public init(enable: Bool, id: RequestID? = nil) {
        self.enable = enable
        self.id = id
    }
}

/// Progress while watching, at most a few times a second.
public struct ProgressMessage: Codable, Sendable, Equatable {
    public var `class` = "PROGRESS"
    public var day: String
    public var steps: Int
    public var goal: Int
    public var progress: Double
    public var tier: String
    public var cadenceSpm: Double
    public var walking: Bool

    public init(day: String, steps: Int, goal: Int, progress: Double, tier: String, cadenceSpm: Double, walking: Bool) {
        self.day = day
        self.steps = steps
        self.goal = goal
        self.progress = progress
        self.tier = tier
        self.cadenceSpm = cadenceSpm
        self.walking = walking
    }

    enum CodingKeys: String, CodingKey {
        case `class`, day, steps, goal, progress, tier, walking
        case cadenceSpm = "cadence_spm"
    }
}

/// One counted step on the wire.
public struct StepRecord: Codable, Sendable, Equatable {
    /// When the step happened, Unix seconds.
    public var time: Double
    public var cadenceSpm: Double

    public init(time: Double, cadenceSpm: Double) {
        self.time = time
        self.cadenceSpm = cadenceSpm
    }

    enum CodingKeys: String, CodingKey {
        case time
        case cadenceSpm = "cadence_spm"
    }
}

/// A batch of steps just counted, while watching.
public struct StepMessage: Codable, Sendable, Equatable {
    public var `class` = "STEP"
    public var steps: [StepRecord]
    /// Today's total after these steps.
    public var total: Int

    public init(steps: [StepRecord], total: Int) {
        self.steps = steps
        self.total = total
    }
}

/// A milestone reached, while watching.
public struct MilestoneMessage: Codable, Sendable, Equatable {
    public var `class` = "MILESTONE"
    public var day: String
    /// "50%", "1x", "2x", ...
    public var milestone: String
    public var steps: Int
    public var goal: Int

    public init(day: String, milestone: String, steps: Int, goal: Int) {
        self.day = day
        self.milestone = milestone
        self.steps = steps
        self.goal = goal
    }
}

/// The goal, in reply to `goal`.
public struct GoalMessage: Codable, Sendable, Equatable {
    public var `class` = "GOAL"
    public var id: RequestID?
    public var goal: Int
    /// When this goal took effect, Unix seconds (nil for the default).
    public var since: Double?

    public init(goal: Int, since: Double?, id: RequestID? = nil) {
        self.goal = goal
        self.since = since
        self.id = id
    }
}

/// One accelerometer, in reply to `devices`.
public struct DeviceRecord: Codable, Sendable, Equatable {
    public var backend: String
    public var id: String
    public var name: String
    public var currentRateHz: Double?
    public var mountMatrix: String
    public var hardwareStepCounter: Bool
    /// Whether the daemon is reading this one.
    public var active: Bool

    public init(backend: String, id: String, name: String, currentRateHz: Double?, mountMatrix: String,
                hardwareStepCounter: Bool, active: Bool) {
        self.backend = backend
        self.id = id
        self.name = name
        self.currentRateHz = currentRateHz
        self.mountMatrix = mountMatrix
        self.hardwareStepCounter = hardwareStepCounter
        self.active = active
    }

    enum CodingKeys: String, CodingKey {
        case backend, id, name, active
        case currentRateHz = "current_rate_hz", mountMatrix = "mount_matrix", hardwareStepCounter = "hardware_step_counter"
    }
}

/// The accelerometers, in reply to `devices`.
public struct DevicesMessage: Codable, Sendable, Equatable {
    public var `class` = "DEVICES"
    public var id: RequestID?
    public var devices: [DeviceRecord]

    public init(devices: [DeviceRecord], id: RequestID? = nil) {
        self.devices = devices
        self.id = id
    }
}

/// A refused request.
public struct ErrorMessage: Codable, Sendable, Equatable {
    public var `class` = "ERROR"
    public var id: RequestID?
    public var code: ProtocolError.Code
    public var message: String

    public init(_ error: ProtocolError) {
        id = error.id
        code = error.code
        message = error.message
    }
}
