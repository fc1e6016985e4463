#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallGoals

/// Today's figures and the daemon's state, as the daemon reports them everywhere: the socket's
/// STATUS, the metrics file, systemd's STATUS line, and any other outlet (a D-Bus interface)
/// that shows them. An internal value, not a wire message: outlets turn it into their own form.
///
/// Numbers are rounded as they are reported (progress to 1/10000, cadence to 0.1 steps/min,
/// distance to 0.1 m, uptime to 0.1 s), so every outlet shows the same figures.
public struct DaemonSnapshot: Sendable, Equatable {
    /// The local day the figures are for.
    public var day: LocalDay
    /// Steps today.
    public var steps: Int
    /// Today's goal.
    public var goal: Int
    /// When the goal in force took effect; nil for the configured default.
    public var goalSince: Date?
    /// steps / goal, uncapped.
    public var progress: Double
    /// The progress band.
    public var tier: ProgressTier
    /// Whether a walk is in progress.
    public var walking: Bool
    /// Cadence while walking, steps per minute; 0 when not walking.
    public var cadence: Double
    /// Distance today, metres (steps x stride).
    public var distanceMetres: Double
    /// Milestones reached today, in order.
    public var milestones: [Milestone]
    /// Steps ever counted into the store.
    public var lifetimeSteps: Int
    /// The sample source.
    public var sensor: SensorStatus
    /// Seconds since the daemon started.
    public var uptimeSeconds: Double
    /// Exercise minutes and active hours, when the configuration asks for the approximations.
    public var activity: ActivityApproximation?
    /// Whose steps these are, when configured.
    public var userName: String?
    /// The palette clients should render with.
    public var palette: Palette.Name
    /// Steps the chip's own step counter counted today since the daemon started, when the
    /// device has one (shown beside `steps`; the same count when the chip is the source).
    public var hardwareStepsToday: Int?
    /// Steps reported provisional that the walking decision has still to decide (not in `steps`).
    public var pending = 0

    /// Creates a snapshot; the callers round as `reported(...)` says.
    public init(day: LocalDay, steps: Int, goal: Int, goalSince: Date?, progress: Double, tier: ProgressTier, walking: Bool,
                cadence: Double, distanceMetres: Double, milestones: [Milestone], lifetimeSteps: Int, sensor: SensorStatus,
                uptimeSeconds: Double, activity: ActivityApproximation?, userName: String?, palette: Palette.Name) {
        self.day = day
        self.steps = steps
        self.goal = goal
        self.goalSince = goalSince
        self.progress = progress
        self.tier = tier
        self.walking = walking
        self.cadence = cadence
        self.distanceMetres = distanceMetres
        self.milestones = milestones
        self.lifetimeSteps = lifetimeSteps
        self.sensor = sensor
        self.uptimeSeconds = uptimeSeconds
        self.activity = activity
        self.userName = userName
        self.palette = palette
    }

    /// A progress ratio as reported: to 1/10000.
    public static func reported(progress: Double) -> Double { (progress * 10_000).rounded() / 10_000 }

    /// A cadence, a distance or a duration as reported: to one decimal.
    public static func reported(tenths value: Double) -> Double { (value * 10).rounded() / 10 }
}

/// Something that can say what the daemon's figures are now: the request handler, or a test's fake.
public protocol DaemonSnapshotProviding: Sendable {
    /// The figures now.
    func snapshot() -> DaemonSnapshot
}
