#if canImport(Glibc)
import Glibc
#endif
import FootfallGoals

/// The system's time zone as it is now, not as it was when the process started: the C
/// library's local time (`$TZ` when it names a zone of the system's database, else
/// `/etc/localtime`, what `timedatectl set-timezone` changes), re-read on every call, with the
/// name the system gives it.
///
/// Offsets come from the system's time-zone database through `localtime_r`, so the daemon needs
/// no ICU (docs/costs.md).
public enum SystemTimeZone {
    /// The zone in force now. Asks the C library to re-read the zone (`tzset`), so a changed
    /// `/etc/localtime` is in force for every `WallClockZone.localTime` from here on.
    public static func current() -> WallClockZone {
        tzset()
        return .localTime(identifier: identifier())
    }

    /// Makes `$TZ` mean what it means to footfalld: a zone of the system's database, or else
    /// nothing (the system's zone, `/etc/localtime`). The C library would read an empty `$TZ`
    /// as UTC and an unknown name as a POSIX rule (or UTC), and would never notice a change of
    /// `/etc/localtime` while any `$TZ` is set. Call it at start, before any other thread runs.
    public static func prepareProcessEnvironment() {
        guard let value = getenv("TZ") else { return }
        var name = String(cString: value)
        if name.hasPrefix(":") { name.removeFirst() }
        let database = getenv("TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo"
        let file = name.hasPrefix("/") ? name : database + "/" + name
        var info = stat()
        let known = !name.isEmpty && !name.contains("..") && stat(file, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        if !known { unsetenv("TZ") }
    }

    /// The zone's name: `$TZ` (without a leading colon), else the zone `/etc/localtime` links
    /// to, else `/etc/timezone`, else what the C library calls it (e.g. "UTC").
    static func identifier() -> String {
        if let value = getenv("TZ"), value.pointee != 0 {
            let name = String(cString: value)
            return name.hasPrefix(":") ? String(name.dropFirst()) : name
        }
        if let target = symbolicLinkTarget("/etc/localtime"), let range = target.firstRange(of: "zoneinfo/") {
            return String(target[range.upperBound...])
        }
        if let text = firstLine(of: "/etc/timezone"), !text.isEmpty {
            return text
        }
        var now = time(nil)
        var fields = tm()
        if localtime_r(&now, &fields) != nil, let abbreviation = fields.tm_zone {
            return String(cString: abbreviation)
        }
        return "UTC"
    }

    private static func symbolicLinkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func firstLine(of path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return line.filter { !$0.isWhitespace }
    }
}
