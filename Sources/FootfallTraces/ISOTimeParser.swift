import FootfallVocabulary

/// Reads an ISO 8601 date and time from bytes, without Foundation: `2026-05-01T12:00:00.125Z`,
/// a space instead of `T`, a zone as `Z`, `+02:00` or `+0200`, or none (the clock as written,
/// counted as if it were UTC, which keeps its calendar days).
enum ISOTimeParser {
    /// Seconds since 1970-01-01T00:00:00 (UTC, or on the written clock without a zone); nil if
    /// `bytes[start..<end]` is not such a time.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var i = start
        func number(_ digits: Int) -> Int? {
            guard i + digits <= end else { return nil }
            var value = 0
            for _ in 0..<digits {
                let d = Int(bytes[i]) - 48
                guard d >= 0 && d <= 9 else { return nil }
                value = value * 10 + d
                i += 1
            }
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard i < end && bytes[i] == byte else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        guard i < end, bytes[i] == 84 || bytes[i] == 32 || bytes[i] == 116 else { return nil }
        i += 1
        guard let hour = number(2), expect(58), let minute = number(2), hour < 24, minute < 60 else { return nil }
        var second = 0.0
        if expect(58) {
            guard let whole = number(2), whole <= 60 else { return nil }
            second = Double(whole)
            if i < end && (bytes[i] == 46 || bytes[i] == 44) {
                i += 1
                var scale = 0.1
                var any = false
                while i < end, bytes[i] >= 48 && bytes[i] <= 57 {
                    second += Double(bytes[i] - 48) * scale
                    scale /= 10
                    any = true
                    i += 1
                }
                guard any else { return nil }
            }
        }
        var zone = 0
        if i < end {
            if bytes[i] == 90 || bytes[i] == 122 {
                i += 1
            } else if bytes[i] == 43 || bytes[i] == 45 {
                let sign = bytes[i] == 45 ? -1 : 1
                i += 1
                guard let hours = number(2) else { return nil }
                _ = expect(58)
                let minutes = number(2) ?? 0
                zone = sign * (hours * 3600 + minutes * 60)
            }
        }
        guard i == end else { return nil }
        return Double(CivilCalendar.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 - zone) + second
    }

    /// `parse` for a string (used on the first lines, to find the layout).
    static func parse(_ text: Substring) -> Double? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0), 0, $0.count) }
    }
}
