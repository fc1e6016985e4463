import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking Unix-socket client that sends raw bytes: for clients that misbehave on purpose
/// (garbage, huge lines, never reading).
public final class RawSocket {
    public let fd: Int32

    public init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
        }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else { throw DaemonTestError.unexpected("connect failed: \(errno)") }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Sends bytes; returns false when the daemon closed the connection.
    @discardableResult
    public func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Reads one line (without its newline), or nil at end of stream or timeout.
    public func readLine() -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while recv(fd, &byte, 1, 0) == 1 {
            if byte == 10 { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
    }

    /// Reads until the daemon closes the connection; returns whether it did within the timeout.
    public func readsToClose() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 { return true }
            if n < 0 { return false }
        }
    }
}
