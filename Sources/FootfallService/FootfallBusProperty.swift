import FootfallDBus
import FootfallProtocol

/// A property of footfalld's D-Bus interface (docs/dbus.md): its name on the bus, written here
/// only, its D-Bus type, and its value for a snapshot of the daemon. The cases are in the order
/// introspection lists them and PropertiesChanged carries them.
public enum FootfallBusProperty: String, Sendable, CaseIterable {
    /// The local day the figures are for, "YYYY-MM-DD".
    case day = "Day"
    /// Steps today.
    case steps = "Steps"
    /// Today's goal, steps.
    case goal = "Goal"
    /// steps / goal, uncapped (1 is the goal).
    case progress = "Progress"
    /// "low", "mid" or "done".
    case tier = "Tier"
    /// Whether a walk is in progress.
    case walking = "Walking"
    /// Steps per minute while walking, 0 otherwise.
    case cadence = "Cadence"
    /// Metres today (steps x stride).
    case distance = "Distance"
    /// Reached today: "half", "1x", "2x", ...
    case milestones = "Milestones"
    /// "iio", "evdev", "replay", "hardware-steps" or "none".
    case sourceKind = "SourceKind"
    /// "starting", "up", "down" or "finished".
    case sourceState = "SourceState"
    /// Provisional steps the walking decision has still to decide (not in `Steps`; some may be withdrawn).
    case pendingSteps = "PendingSteps"
    /// What the chip's own step counter counted today, -1 without one.
    case hardwareStepsToday = "HardwareStepsToday"
    /// footfalld's release.
    case version = "Version"

    /// The property's D-Bus type.
    public var signature: String {
        switch self {
        case .day, .tier, .sourceKind, .sourceState, .version: return "s"
        case .steps, .goal, .pendingSteps: return "u"
        case .progress, .cadence, .distance: return "d"
        case .walking: return "b"
        case .milestones: return "as"
        case .hardwareStepsToday: return "x"
        }
    }

    /// Whether it stays fixed while footfalld runs (the others are announced with
    /// PropertiesChanged when they change).
    public var isConstant: Bool { self == .version }

    /// The property as sd-bus exports it.
    var exported: BusInterfaceDescription.Property {
        BusInterfaceDescription.Property(rawValue, signature, constant: isConstant)
    }

    /// The property's value for a snapshot of the daemon.
    /// - Parameter release: footfalld's release, for `Version`.
    func value(in snapshot: DaemonSnapshot, release: String) -> BusValue {
        switch self {
        case .day: return .string(snapshot.day.description)
        case .steps: return .uint32(UInt32(clamping: snapshot.steps))
        case .goal: return .uint32(UInt32(clamping: snapshot.goal))
        case .pendingSteps: return .uint32(UInt32(clamping: snapshot.pending))
        case .progress: return .double(snapshot.progress)
        case .tier: return .string(snapshot.tier.name)
        case .walking: return .bool(snapshot.walking)
        case .cadence: return .double(snapshot.cadence)
        case .distance: return .double(snapshot.distanceMetres)
        case .milestones: return .array(element: "s", snapshot.milestones.map { .string($0.description) })
        case .sourceKind: return .string(SourceKind(snapshot.sensor.device?.backend).rawValue)
        case .sourceState: return .string(snapshot.sensor.state.rawValue)
        case .hardwareStepsToday: return .int64(Int64(snapshot.hardwareStepsToday ?? -1))
        case .version: return .string(release)
        }
    }
}
