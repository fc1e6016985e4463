import FootfallVocabulary

/// A calendar day as the user lives it (year, month, day in the proleptic Gregorian calendar),
/// with no time zone attached: which instants belong to it is `DayBoundary`'s business.
///
/// It is the key the store files days under, so it encodes as the text "YYYY-MM-DD" and sorts
/// in calendar order.
public struct LocalDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 (January) to 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int

    /// Creates a day, checking that the date exists.
    /// - Throws: `GoalError.invalidDay` for a date such as 2026-02-29 or a year outside 1...9999.
    public init(year: Int, month: Int, day: Int) throws(GoalError) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= LocalDay.daysInMonth(year: year, month: month) else {
            throw .invalidDay(year: year, month: month, day: day)
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads a day written as YYYY-MM-DD.
    /// - Throws: `GoalError.unreadableDay` when the text has another form,
    ///   `GoalError.invalidDay` when it names a date that does not exist.
    public init(_ text: String) throws(GoalError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0 >= "0" && $0 <= "9" } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
            throw .unreadableDay(text)
        }
        try self.init(year: year, month: month, day: day)
    }

    /// The day a number of days since 1970-01-01 (day 0) names; any whole number gives a date.
    public init(daysSince1970 days: Int) {
        (year, month, day) = CivilCalendar.date(daysSince1970: days)
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSince1970: Int {
        CivilCalendar.daysSince1970(year: year, month: month, day: day)
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> LocalDay {
        LocalDay(daysSince1970: daysSince1970 + count)
    }

    /// The day after this one.
    public var next: LocalDay { adding(days: 1) }

    /// The day before this one.
    public var previous: LocalDay { adding(days: -1) }

    /// The day as YYYY-MM-DD.
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// Calendar order.
    public static func < (a: LocalDay, b: LocalDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2:
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
