import FootfallDBus

/// footfalld's D-Bus interface, version 1: the well-known name it owns, the one object it
/// exports and what that object offers (docs/dbus.md). A change that breaks a client is a new
/// interface, `org.footfall.Footfall2`, exported beside this one for a while.
public enum FootfallBusInterface {
    /// The well-known name footfalld owns on the session or system bus.
    public static let busName = "org.footfall.Footfall1"
    /// The object footfalld exports.
    public static let objectPath = "/org/footfall/Footfall1"
    /// The interface's name.
    public static let name = "org.footfall.Footfall1"
    /// The milestone signal's name.
    public static let milestoneSignal = "MilestoneReached"

    /// The properties, their D-Bus types, and whether they stay fixed while footfalld runs.
    public static let properties: [BusInterfaceDescription.Property] = [
        .init("Day", "s"),          // the local day the figures are for, "YYYY-MM-DD"
        .init("Steps", "u"),        // steps today
        .init("Goal", "u"),         // today's goal, steps
        .init("Progress", "d"),     // steps / goal, uncapped (1 is the goal)
        .init("Tier", "s"),         // "low", "mid" or "done"
        .init("Walking", "b"),      // whether a walk is in progress
        .init("Cadence", "d"),      // steps per minute while walking, 0 otherwise
        .init("Distance", "d"),     // metres today (steps x stride)
        .init("Milestones", "as"),  // reached today: "half", "1x", "2x", ...
        .init("SourceKind", "s"),   // "iio", "evdev", "replay", "hardware-steps" or "none"
        .init("SourceState", "s"),  // "starting", "up", "down" or "finished"
        .init("HardwareStepsToday", "x"),  // what the chip's own step counter counted today, -1 without one
        .init("Version", "s", constant: true),  // footfalld's release
    ]

    /// The interface as sd-bus exports it.
    public static let description = BusInterfaceDescription(
        name: name,
        properties: properties,
        methods: [
            // Steps and goal of each day from `first` to `last`, both "YYYY-MM-DD" and included.
            .init("GetDays", inputs: [.init("first", "s"), .init("last", "s")], outputs: [.init("days", "a(suu)")]),
            // Each minute of `day` with steps: start (Unix seconds), steps, cadence, source.
            .init("GetMinutes", inputs: [.init("day", "s")], outputs: [.init("minutes", "a(xuds)")]),
            // The daily goal from now on; only the daemon's user and root.
            .init("SetGoal", inputs: [.init("goal", "u")]),
        ],
        signals: [
            .init(milestoneSignal, arguments: [.init("day", "s"), .init("milestone", "s"), .init("steps", "u"), .init("goal", "u")]),
        ])
}
