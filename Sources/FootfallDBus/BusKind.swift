/// Which message bus to connect to.
public enum BusKind: String, Sendable, CustomStringConvertible {
    /// The user's session bus: `$DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`.
    case session
    /// The system bus: `$DBUS_SYSTEM_BUS_ADDRESS`, else /run/dbus/system_bus_socket.
    case system

    public var description: String { "the \(rawValue) bus" }
}
