import Foundation

/// The system's time zone as it is now, not as it was when the process started (Foundation
/// caches `TimeZone.current`): `$TZ` when set, else the zone `/etc/localtime` links to (what
/// `timedatectl set-timezone` changes), else `/etc/timezone`, else Foundation's.
public enum SystemTimeZone {
    /// The zone in force now.
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> TimeZone {
        if let name = environment["TZ"], !name.isEmpty {
            let identifier = name.hasPrefix(":") ? String(name.dropFirst()) : name
            if let zone = TimeZone(identifier: identifier) { return zone }
        }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
           let range = target.range(of: "zoneinfo/"), let zone = TimeZone(identifier: String(target[range.upperBound...])) {
            return zone
        }
        if let text = try? String(contentsOfFile: "/etc/timezone", encoding: .utf8),
           let zone = TimeZone(identifier: text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            return zone
        }
        return TimeZone.current
    }
}
