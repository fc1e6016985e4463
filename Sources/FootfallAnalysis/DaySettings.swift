import Foundation

/// How a recording's minutes become days: the zone its clock is read in, when the device
/// counts as not worn, and how much wear makes a day valid. What `footfall count --days`
/// takes as options, and what a cohort's study keeps so that every task summarises alike.
public struct DaySettings: Sendable, Equatable, Codable {
    /// The zone to show days in, reading the recording's times as Unix time (`Europe/London`);
    /// nil keeps the clock as written (an Axivity's is local).
    public var timeZone: String?
    /// Non-wear: an axis is still under this standard deviation, mg.
    public var nonWearStandardDeviation: Double
    /// ... and under this range, mg.
    public var nonWearRange: Double
    /// Non-wear: the window, minutes, in which two axes must stay still.
    public var nonWearWindow: Int
    /// A day is valid when worn at least this many hours.
    public var validHours: Double

    /// The settings of studies that follow van Hees (13 mg, 50 mg, 60 minutes) and a valid day
    /// of ten hours.
    public init(timeZone: String? = nil, nonWearStandardDeviation: Double = 13, nonWearRange: Double = 50,
                nonWearWindow: Int = 60, validHours: Double = 10) {
        self.timeZone = timeZone
        self.nonWearStandardDeviation = nonWearStandardDeviation
        self.nonWearRange = nonWearRange
        self.nonWearWindow = nonWearWindow
        self.validHours = validHours
    }

    /// The non-wear rule: the window moved on by a quarter of it.
    public var rule: NonWearRule {
        NonWearRule(windowMinutes: nonWearWindow, stepMinutes: max(1, nonWearWindow / 4),
                    standardDeviation: nonWearStandardDeviation / 1000, range: nonWearRange / 1000)
    }

    /// The worn minutes a valid day needs.
    public var minimumWearMinutes: Int { Int((validHours * 60).rounded()) }

    /// What is wrong with the settings, in the words of the options that set them; nil when
    /// nothing is.
    public var problem: String? {
        guard nonWearStandardDeviation > 0, nonWearRange > 0 else { return "--nonwear-sd and --nonwear-range must be positive." }
        guard nonWearWindow >= 4 else { return "--nonwear-window must be 4 minutes or more." }
        guard validHours >= 0 && validHours <= 24 else { return "--valid-hours must be between 0 and 24." }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            return "--time-zone: '\(timeZone)' is not a time zone (names as in /usr/share/zoneinfo, e.g. Europe/Berlin or UTC)."
        }
        return nil
    }

    /// Seconds from a recording's time to its local clock: none without a zone, the zone's
    /// offset at that instant with one (an unknown zone, which `problem` names, counts as UTC).
    public func localOffset() -> @Sendable (Double) -> Double {
        guard let timeZone, let zone = TimeZone(identifier: timeZone) else { return { _ in 0 } }
        return { Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: $0))) }
    }
}
