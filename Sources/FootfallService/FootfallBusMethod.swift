import FootfallDBus

/// A method of footfalld's D-Bus interface (docs/dbus.md): its name on the bus, written here
/// only, and its arguments. Calls are dispatched on these cases.
public enum FootfallBusMethod: String, Sendable, CaseIterable {
    /// Steps and goal of each day from `first` to `last`, both "YYYY-MM-DD" and included.
    case getDays = "GetDays"
    /// Each minute of `day` with steps: start (Unix seconds), steps, cadence, source.
    case getMinutes = "GetMinutes"
    /// The daily goal from now on; only the daemon's user and root.
    case setGoal = "SetGoal"

    /// The D-Bus type of one day in GetDays's answer: day, steps, goal.
    static let daySignature = "(suu)"
    /// The D-Bus type of one minute in GetMinutes's answer: start, steps, cadence, source.
    static let minuteSignature = "(xuds)"

    /// The method as sd-bus exports it: its arguments, named, with their D-Bus types.
    var exported: BusInterfaceDescription.Method {
        switch self {
        case .getDays:
            return .init(rawValue, inputs: [.init("first", "s"), .init("last", "s")], outputs: [.init("days", "a" + Self.daySignature)])
        case .getMinutes:
            return .init(rawValue, inputs: [.init("day", "s")], outputs: [.init("minutes", "a" + Self.minuteSignature)])
        case .setGoal:
            return .init(rawValue, inputs: [.init("goal", "u")])
        }
    }
}
