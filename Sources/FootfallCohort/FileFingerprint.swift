#if canImport(Glibc)
import Glibc
#endif

/// A file's size and modification time to the nanosecond: what tells that a recording
/// changed since its part was written, without reading it again.
public struct FileFingerprint: Sendable, Equatable {
    /// The size, bytes.
    public var bytes: Int64
    /// The modification time, UTC, as the tables write it: `2026-05-04T08:00:00.123456789Z`.
    public var modified: String

    /// Creates a fingerprint from the values the tables hold.
    public init(bytes: Int64, modified: String) {
        self.bytes = bytes
        self.modified = modified
    }

    /// The fingerprint of the file at `path`, or nil when there is none (or it is a folder).
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { return nil }
        bytes = Int64(info.st_size)
        modified = ClockText.utc(seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
    }
}
