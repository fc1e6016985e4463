#if canImport(Glibc)
import Glibc
#endif

/// Writes to stdout without trapping when the reader has gone: a status bar that restarts
/// its module, or `| head`, closes the pipe, and the long-running commands then end quietly
/// instead of crashing in FileHandle.write on EPIPE.
enum StandardOutput {
    /// Raised when stdout is closed for good (EPIPE and the like).
    struct Closed: Error {}

    /// Writes all of `bytes`, retrying after signals and short writes.
    /// - Throws: `Closed` when stdout cannot be written any more.
    static func write(_ bytes: some Collection<UInt8>) throws(Closed) {
        let buffer = Array(bytes)
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { raw in
                Glibc.write(STDOUT_FILENO, raw.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Closed()
            }
            offset += written
        }
    }

    /// Writes `text` as UTF-8.
    static func write(_ text: String) throws(Closed) { try write(Array(text.utf8)) }
}
