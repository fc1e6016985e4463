import FootfallDBus

/// footfalld's D-Bus interface, version 1: the well-known name it owns, the one object it
/// exports and what that object offers (docs/dbus.md): the properties of
/// `FootfallBusProperty`, the methods of `FootfallBusMethod` and one signal. A change that
/// breaks a client is a new interface, `org.footfall.Footfall2`, exported beside this one for
/// a while.
public enum FootfallBusInterface {
    /// The well-known name footfalld owns on the session or system bus.
    public static let busName = "org.footfall.Footfall1"
    /// The object footfalld exports.
    public static let objectPath = "/org/footfall/Footfall1"
    /// The interface's name.
    public static let name = "org.footfall.Footfall1"
    /// The milestone signal's name.
    public static let milestoneSignal = "MilestoneReached"

    /// The interface as sd-bus exports it.
    public static let description = BusInterfaceDescription(
        name: name,
        properties: FootfallBusProperty.allCases.map(\.exported),
        methods: FootfallBusMethod.allCases.map(\.exported),
        signals: [
            .init(milestoneSignal, arguments: [.init("day", "s"), .init("milestone", "s"), .init("steps", "u"), .init("goal", "u")]),
        ])
}
