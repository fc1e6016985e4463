import FootfallVocabulary

/// Times as the tables write them, in ISO 8601 without a locale.
enum ClockText {
    /// A UTC instant with nanoseconds: `2026-05-04T08:00:00.123456789Z`.
    static func utc(seconds: Int64, nanoseconds: Int) -> String {
        let fraction = String(nanoseconds)
        return dateAndTime(seconds) + "." + String(repeating: "0", count: 9 - fraction.count) + fraction + "Z"
    }

    /// A time on a recording's local clock, seconds since 1970 on that clock, to the
    /// millisecond and without a zone: `2026-05-04T08:00:00.010`.
    static func local(_ time: Double) -> String {
        guard time.isFinite else { return "" }
        let milliseconds = Int64((time * 1000).rounded(.down))
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : -((-milliseconds + 999) / 1000)
        let fraction = String(milliseconds - seconds * 1000)
        return dateAndTime(seconds) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `YYYY-MM-DDThh:mm:ss` of seconds since 1970.
    private static func dateAndTime(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let rest = Int(seconds - days * 86_400)
        let date = CivilCalendar.date(daysSince1970: Int(days))
        return "\(digits(date.year, 4))-\(digits(date.month, 2))-\(digits(date.day, 2))T"
            + "\(digits(rest / 3600, 2)):\(digits(rest % 3600 / 60, 2)):\(digits(rest % 60, 2))"
    }

    private static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }
}
