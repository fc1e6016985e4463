import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A Unix-socket server in a temporary folder that plays a script to one client, on a thread
/// of its own: lines to send, lines to read (kept in `received`), then it closes the connection.
final class ScriptedServer: @unchecked Sendable {  // `received` and `ended` are guarded by `lock`
    /// One step of the script.
    enum Step: Sendable {
        /// Send this line (a newline is added).
        case send(String)
        /// Read one line from the client.
        case receive
    }

    let folder: String
    let path: String
    private let listener: Int32
    private let lock = NSLock()
    private var lines: [String] = []
    private var ended = false

    /// Listens, and serves the first client with `script` on a new thread.
    init(_ script: [Step]) throws {
        folder = NSTemporaryDirectory() + "footfall-client-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/footfall.sock"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = Self.address(path)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
        Thread { [self] in
            let client = accept(listener, nil, nil)
            if client >= 0 {
                // Generous: under a loaded test run the client's task may wait many seconds
                // for a thread; the timeout only keeps a broken client from hanging the run.
                var timeout = timeval(tv_sec: 300, tv_usec: 0)
                setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                play(script, to: client)
                close(client)
            }
            lock.withLock { ended = true }
        }.start()
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))  // ends an accept still waiting for a client
        close(listener)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The lines read from the client so far.
    var received: [String] { lock.withLock { lines } }

    /// Whether the script has ended and the connection is closed.
    var hasEnded: Bool { lock.withLock { ended } }

    private func play(_ script: [Step], to client: Int32) {
        for step in script {
            switch step {
            case .send(let line):
                let bytes = Array((line + "\n").utf8)
                _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            case .receive:
                var line: [UInt8] = []
                var byte: UInt8 = 0
                while recv(client, &byte, 1, 0) == 1, byte != 10 { line.append(byte) }
                lock.withLock { lines.append(String(decoding: line, as: UTF8.self)) }
            }
        }
    }

    static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
        }
        return address
    }
}
