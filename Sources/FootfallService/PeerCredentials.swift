#if canImport(Glibc)
import Glibc
#endif
import NIOCore

/// Who is at the other end of a Unix-socket connection, from the kernel (SO_PEERCRED), so
/// state-changing commands can be limited to the daemon's own user and root.
///
/// Laid out exactly as the kernel's `struct ucred` (pid, uid, gid: three 32-bit fields), which
/// Swift's Glibc module does not export, so the kernel can fill it in directly.
public struct PeerCredentials: Sendable, Equatable {
    /// The peer process.
    public var pid: Int32
    /// Its user.
    public var uid: UInt32
    /// Its group.
    public var gid: UInt32

    /// Whether this peer may change state: root, or the user the daemon runs as.
    public func mayChangeState(daemonUID: UInt32 = getuid()) -> Bool {
        Self.mayChangeState(uid: uid, daemonUID: daemonUID)
    }

    /// The rule, for any caller whose uid is known (a socket peer, a D-Bus sender): root, or
    /// the user the daemon runs as.
    public static func mayChangeState(uid: UInt32, daemonUID: UInt32 = getuid()) -> Bool {
        uid == 0 || uid == daemonUID
    }

    /// Reads the peer's credentials from a connected channel.
    public static func of(_ channel: Channel) -> EventLoopFuture<PeerCredentials?> {
        guard let provider = channel as? SocketOptionProvider else {
            return channel.eventLoop.makeSucceededFuture(nil)
        }
        let future: EventLoopFuture<PeerCredentials> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
        return future.map { Optional($0) }.recover { _ in nil }
    }
}
