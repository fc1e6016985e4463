import SystemPackage

/// What can go wrong talking to a message bus. Keeps the `Errno` sd-bus returned.
public enum BusError: Error, Equatable, CustomStringConvertible {
    /// No bus to connect to: no address for it, no socket, or the connection was refused.
    case unavailable(BusKind, Errno)
    /// Another connection owns the well-known name.
    case nameTaken(String, BusKind)
    /// The bus's policy does not let this user own the name (on the system bus, the policy
    /// file is not installed).
    case nameNotPermitted(String, BusKind)
    /// The connection failed after it was made (the bus went away).
    case disconnected(BusKind, Errno)
    /// Another sd-bus call failed.
    case failed(operation: String, Errno)

    public var description: String {
        switch self {
        case .unavailable(let bus, let code):
            return "cannot connect to \(bus): \(code)"
                + (bus == .session ? " (no session bus: is $DBUS_SESSION_BUS_ADDRESS or $XDG_RUNTIME_DIR/bus there?)" : "")
        case .nameTaken(let name, let bus):
            return "\(name) is already owned on \(bus): is another footfalld running?"
        case .nameNotPermitted(let name, let bus):
            return "\(bus)'s policy does not let this user own \(name)"
                + (bus == .system ? "; install the policy file (contrib/dbus/\(name).conf, see docs/dbus.md)" : "")
        case .disconnected(let bus, let code):
            return "the connection to \(bus) was lost: \(code)"
        case .failed(let operation, let code):
            return "sd-bus could not \(operation): \(code)"
        }
    }

    /// The error for an sd-bus return value (a negative errno).
    static func code(_ status: Int32) -> Errno { Errno(rawValue: -status) }
}
