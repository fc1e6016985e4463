import CFootfallSystemd
#if canImport(Glibc)
import Glibc
#endif

/// Tells the service manager how the daemon is doing, through libsystemd's `sd_notify` (the
/// library sd-bus comes from, so every libsystemd call is in this module): READY=1 once
/// serving, STATUS= a line for `systemctl status`, WATCHDOG=1 within the watchdog interval,
/// STOPPING=1 on shutdown. Does nothing when not started by systemd.
///
/// `sd_notify` sends one datagram and returns. It waits, as systemd's own services do, while
/// the socket's queue is full (`net.unix.max_dgram_qlen` datagrams unread): systemd reads
/// them as they come, and any other reader must too, or the thread that notifies (footfalld's
/// event loop) waits with it.
public struct SystemdNotifier: Sendable {
    /// Whether there is a systemd to tell (`$NOTIFY_SOCKET` is set).
    public let isActive: Bool
    /// The watchdog interval systemd expects pings within, if it set one for this process
    /// (`sd_watchdog_enabled`: `$WATCHDOG_USEC`, for this process by `$WATCHDOG_PID`).
    public let watchdogInterval: Duration?

    /// Reads what systemd set in the environment.
    public init() {
        isActive = getenv("NOTIFY_SOCKET").map { $0.pointee != 0 } ?? false
        var microseconds: UInt64 = 0
        watchdogInterval = sd_watchdog_enabled(0, &microseconds) > 0 && microseconds > 0
            ? .microseconds(Int64(clamping: microseconds)) : nil
    }

    /// Sends `KEY=value` lines (`sd_notify`); returns whether systemd was told.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        isActive && sd_notify(0, state) > 0
    }
}
