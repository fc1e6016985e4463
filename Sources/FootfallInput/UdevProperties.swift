#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a device's udev properties from udev's database, without libudev: the file
/// `/run/udev/data/c<major>:<minor>` holds `E:KEY=value` lines for a character device.
/// Footfall reads `ACCEL_MOUNT_MATRIX`, which hwdb sets for devices whose firmware gets it wrong.
public enum UdevProperties {
    /// Where udev keeps its database.
    public static let defaultDatabase = "/run/udev/data"

    /// The properties of the character device `major:minor`, or empty when udev has none.
    /// - Parameter database: udev's database folder (tests use their own).
    public static func properties(major: UInt32, minor: UInt32, database: String = defaultDatabase) -> [String: String] {
        guard let text = readSmallFile("\(database)/c\(major):\(minor)") else { return [:] }
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("E:") {
            let entry = line.dropFirst(2)
            guard let equals = entry.firstIndex(of: "=") else { continue }
            result[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
        }
        return result
    }

    /// The device numbers of a character-device node, or nil.
    public static func deviceNumbers(ofNode path: String) -> (major: UInt32, minor: UInt32)? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFCHR else { return nil }
        // glibc's major()/minor() are macros Swift cannot import; this is their definition.
        let device = UInt64(info.st_rdev)
        let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~UInt64(0xFFF))
        let minor = (device & 0xFF) | ((device >> 12) & ~UInt64(0xFF))
        return (UInt32(truncatingIfNeeded: major), UInt32(truncatingIfNeeded: minor))
    }

    /// Parses sysfs's `dev` attribute ("245:0").
    public static func deviceNumbers(parsing text: String) -> (major: UInt32, minor: UInt32)? {
        let parts = text.trimmingWhitespace().split(separator: ":")
        guard parts.count == 2, let major = UInt32(parts[0]), let minor = UInt32(parts[1]) else { return nil }
        return (major, minor)
    }
}

/// The contents of a small text file (sysfs attribute, udev entry), or nil if unreadable.
func readSmallFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { break }
        bytes.append(contentsOf: chunk[0..<n])
        if bytes.count > 1 << 20 { break }
    }
    return String(decoding: bytes, as: UTF8.self)
}
