#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The time zone whose wall clock decides the days: its name, and its offset from UTC at any
/// instant, from one of two sources of rules:
///
/// - **the C library's local time** (`localTime(identifier:)`): the zone the process is in
///   (`$TZ`, else `/etc/localtime`), read from the system's time-zone database by
///   `localtime_r`. This is what footfalld uses: it needs no ICU, so the daemon links none
///   (docs/costs.md). It follows the process's zone, which the C library re-reads when
///   `tzset()` is called (`SystemTimeZone.current()` does, when it looks for a change);
/// - **a Foundation `TimeZone`** (`init(_:)`): any zone by name, for tests and tools. Named
///   zones other than UTC need Foundation's ICU at run time (`import Foundation` in the
///   process); FoundationEssentials alone knows only fixed offsets.
public struct WallClockZone: Sendable, Hashable, CustomStringConvertible {
    /// The zone's name, e.g. "Europe/Berlin" (for local time, as the system names it).
    public let identifier: String
    let rules: Rules

    enum Rules: Sendable, Hashable {
        case timeZone(TimeZone)
        case localTime
    }

    /// The rules of a Foundation time zone.
    public init(_ timeZone: TimeZone) {
        identifier = timeZone.identifier
        rules = .timeZone(timeZone)
    }

    /// The process's local time as the C library keeps it (`$TZ`, else `/etc/localtime`),
    /// named `identifier`.
    public static func localTime(identifier: String) -> WallClockZone {
        WallClockZone(identifier: identifier, rules: .localTime)
    }

    private init(identifier: String, rules: Rules) {
        self.identifier = identifier
        self.rules = rules
    }

    /// UTC.
    public static let utc = WallClockZone(.gmt)

    /// The offset of the wall clock from UTC at a second since 1970, in seconds (east positive).
    public func secondsFromGMT(atSecond second: Int) -> Int {
        switch rules {
        case .timeZone(let zone):
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(second)))
        case .localTime:
            var time = time_t(second)
            var fields = tm()
            // localtime_r fails only for a year that does not fit an Int32; DayBoundary clamps
            // instants to the years 1...9999 first.
            guard localtime_r(&time, &fields) != nil else { return 0 }
            return Int(fields.tm_gmtoff)
        }
    }

    /// The offset from UTC now, in seconds.
    public func secondsFromGMT() -> Int {
        secondsFromGMT(atSecond: Int(Date().timeIntervalSince1970.rounded(.down)))
    }

    /// The zone's name.
    public var description: String { identifier }
}
