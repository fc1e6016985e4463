#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Talks to systemd through `$NOTIFY_SOCKET` (sd_notify's protocol: one datagram of
/// `KEY=value` lines), without libsystemd: READY=1 once serving, STATUS= a line for
/// `systemctl status`, WATCHDOG=1 at half the watchdog interval, STOPPING=1 on shutdown.
/// Does nothing when not started by systemd.
public struct SystemdNotifier: Sendable {
    let socketPath: String?
    /// The watchdog interval systemd expects pings within, if it set one for us.
    public let watchdogInterval: Duration?

    /// Reads `NOTIFY_SOCKET` and `WATCHDOG_USEC` from the environment.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        let pid = environment["WATCHDOG_PID"].flatMap(Int32.init)
        if let usec = environment["WATCHDOG_USEC"].flatMap(Int64.init), usec > 0, pid == nil || pid == getpid() {
            watchdogInterval = .microseconds(usec)
        } else {
            watchdogInterval = nil
        }
    }

    /// Whether there is a systemd to tell.
    public var isActive: Bool { socketPath != nil }

    /// Sends `KEY=value` lines; returns whether they were sent.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        guard let socketPath else { return false }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        // An '@' means the abstract namespace: the name starts with a NUL byte.
        var bytes = Array(socketPath.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                // Never wait for the reader: this runs on the event loop, which the socket shares. A
                // notify queue that is full (systemd busy, or a test not reading yet) drops the message.
                sendto(fd, message, message.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT), socketAddress, length)
            }
        }
        return sent == message.count
    }
}
