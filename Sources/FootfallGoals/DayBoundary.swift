#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where one step-counting day ends and the next begins: a time zone and the local time of
/// day at which a day starts (midnight by default; 04:00 suits someone who works late shifts,
/// so steps after midnight still count for the evening's day).
///
/// Day D starts at the first instant at which the wall clock in `timeZone` reads D at the
/// start time or later, and ends where day D+1 starts. One rule covers every clock change:
/// - days are 23 or 25 hours long across daylight-saving changes (and whatever a time zone's
///   history dictates; a date a zone skipped entirely, such as 2011-12-30 in Pacific/Apia,
///   gets an empty interval and no instant belongs to it);
/// - a start time the clocks skip (02:30 on a spring-forward night in Europe) starts the
///   day at the jump, the first instant the clock reads past the start time;
/// - a start time the clocks repeat (02:30 on a fall-back night) starts the day at its first
///   occurrence, so the repeated half hour belongs to the new day.
///
/// The days tile time with no gap and no overlap: every instant belongs to exactly one day,
/// and `day(containing:)` agrees with `interval(of:)`.
///
/// The arithmetic is its own (days from a date, offsets from the zone), so it does not
/// depend on how `Calendar` resolves skipped or repeated times, and needs nothing but a zone's
/// offsets: the C library's local time in the daemon (`WallClockZone.localTime`), or a
/// Foundation `TimeZone`. Each call asks the zone for a few dozen offsets; callers that ask per
/// step should keep the current day's interval.
public struct DayBoundary: Sendable, Hashable, Codable {
    /// The time zone whose wall clock decides the days.
    public let timeZone: WallClockZone
    /// The hour of the local time at which a day starts, 0 to 23.
    public let startHour: Int
    /// The minute of the local time at which a day starts, 0 to 59.
    public let startMinute: Int

    /// Creates a boundary.
    /// - Parameters:
    ///   - timeZone: the zone whose wall clock decides the days, usually the system's local time.
    ///   - startHour: the hour the day starts, 0 to 23 (default midnight).
    ///   - startMinute: the minute the day starts, 0 to 59.
    /// - Throws: `GoalError.invalidDayStart` for a time that is not a time of day.
    public init(timeZone: WallClockZone, startHour: Int = 0, startMinute: Int = 0) throws(GoalError) {
        guard (0...23).contains(startHour), (0...59).contains(startMinute) else {
            throw .invalidDayStart(hour: startHour, minute: startMinute)
        }
        self.timeZone = timeZone
        self.startHour = startHour
        self.startMinute = startMinute
    }

    /// Creates a boundary in a Foundation time zone (see `WallClockZone.init(_:)`).
    /// - Throws: `GoalError.invalidDayStart` for a time that is not a time of day.
    public init(timeZone: TimeZone, startHour: Int = 0, startMinute: Int = 0) throws(GoalError) {
        try self.init(timeZone: WallClockZone(timeZone), startHour: startHour, startMinute: startMinute)
    }

    /// Days that start at midnight in `timeZone`.
    public static func midnight(in timeZone: WallClockZone) -> DayBoundary {
        DayBoundary(checkedTimeZone: timeZone, startHour: 0, startMinute: 0)
    }

    /// Days that start at midnight in a Foundation time zone.
    public static func midnight(in timeZone: TimeZone) -> DayBoundary {
        midnight(in: WallClockZone(timeZone))
    }

    private init(checkedTimeZone timeZone: WallClockZone, startHour: Int, startMinute: Int) {
        self.timeZone = timeZone
        self.startHour = startHour
        self.startMinute = startMinute
    }

    private enum CodingKeys: String, CodingKey {
        case timeZone, startHour, startMinute
    }

    private enum ZoneCodingKeys: String, CodingKey {
        case identifier
    }

    /// Writes the boundary; the zone as Foundation writes a `TimeZone` (its identifier).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var zone = container.nestedContainer(keyedBy: ZoneCodingKeys.self, forKey: .timeZone)
        try zone.encode(timeZone.identifier, forKey: .identifier)
        try container.encode(startHour, forKey: .startHour)
        try container.encode(startMinute, forKey: .startMinute)
    }

    /// Reads a stored boundary, refusing a start that is not a time of day. The zone is read
    /// as a Foundation `TimeZone`, so a named zone needs Foundation's ICU in the process.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let timeZone = try container.decode(TimeZone.self, forKey: .timeZone)
        let hour = try container.decode(Int.self, forKey: .startHour)
        let minute = try container.decode(Int.self, forKey: .startMinute)
        do {
            try self.init(timeZone: timeZone, startHour: hour, startMinute: minute)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .startHour, in: container, debugDescription: error.description)
        }
    }

    /// The day an instant belongs to.
    public func day(containing date: Date) -> LocalDay {
        // Clamped to the years 1...9999 that LocalDay names, so no instant (not even an
        // infinite or NaN one from corrupt data) can trap the conversion or loop below.
        let raw = date.timeIntervalSince1970
        let seconds = raw.isNaN ? 0 : min(max(raw, -62_135_596_800), 253_402_300_799)
        let date = Date(timeIntervalSince1970: seconds)
        let second = Int(seconds.rounded(.down))
        let wallClock = second + offset(at: second)
        let sinceDayStart = wallClock - startSecondOfDay
        var day = LocalDay(daysSince1970: Self.floorDivide(sinceDayStart, 86_400))
        // The wall clock alone is wrong in a repeated hour (the second 02:15 of a fall-back
        // night is after a 02:30 start that has already happened) and in a skipped one; the
        // day starts, computed by the one rule, settle it.
        while date < start(of: day) { day = day.previous }
        while date >= start(of: day.next) { day = day.next }
        return day
    }

    /// The first instant of a day.
    public func start(of day: LocalDay) -> Date {
        let wallClock = day.daysSince1970 * 86_400 + startSecondOfDay
        return Date(timeIntervalSince1970: Double(firstSecond(withWallClockAtLeast: wallClock)))
    }

    /// The instants that belong to a day: from its start up to (not including) the next day's.
    public func interval(of day: LocalDay) -> DateInterval {
        DateInterval(start: start(of: day), end: start(of: day.next))
    }

    private var startSecondOfDay: Int { startHour * 3600 + startMinute * 60 }

    private func offset(at second: Int) -> Int {
        timeZone.secondsFromGMT(atSecond: second)
    }

    /// The earliest second whose local wall clock (as seconds since 1970-01-01 00:00 local)
    /// is at least `wallClock`.
    ///
    /// Offsets lie within -12 h...+14 h, so the answer lies within 14 h before and 12 h after
    /// `wallClock` read as UTC. The scan walks that window one stretch of constant offset at a
    /// time, finding each change by probing an hour ahead and bisecting to the second (zones
    /// change offset on whole seconds and never twice within an hour). Within a stretch the
    /// wall clock rises with time, so the first stretch that reaches `wallClock` holds the
    /// answer.
    private func firstSecond(withWallClockAtLeast wallClock: Int) -> Int {
        let windowEnd = wallClock + 13 * 3600
        var stretchStart = wallClock - 15 * 3600
        var stretchOffset = offset(at: stretchStart)
        while stretchStart < windowEnd {
            let stretchEnd = nextOffsetChange(after: stretchStart, from: stretchOffset, before: windowEnd)
            let candidate = max(stretchStart, wallClock - stretchOffset)
            if candidate < stretchEnd { return candidate }
            stretchStart = stretchEnd
            stretchOffset = offset(at: stretchEnd)
        }
        // Not reached for any real zone (the wall clock passes `wallClock` within the window);
        // the plain answer keeps the function total.
        return wallClock - offset(at: wallClock)
    }

    /// The first second after `start` whose offset is not `current`, or `limit` if none before it.
    private func nextOffsetChange(after start: Int, from current: Int, before limit: Int) -> Int {
        var probe = start
        while probe < limit {
            let ahead = min(probe + 3600, limit)
            if offset(at: ahead) != current {
                // offset(low) == current, offset(high) != current.
                var low = probe, high = ahead
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if offset(at: middle) == current { low = middle } else { high = middle }
                }
                return high
            }
            probe = ahead
        }
        return limit
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }
}
