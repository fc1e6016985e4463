import ArgumentParser
import Foundation
import FootfallAnalysis

/// `footfall count --days`: days as studies report them, and how wear and validity are decided.
struct DayOptions: ParsableArguments {
    @Flag(help: "Summarise each calendar day: steps, wear and walking minutes, minutes per cadence band, peak cadences, validity.")
    var days = false

    @Flag(help: "With --days: print CSV (a row per day) instead of a table; --json prints a JSON object per day.")
    var csv = false

    @Option(help: ArgumentHelp("Write every minute (start, day number, local time, steps, cadence, worn) as CSV to this file; implies --days.", valueName: "file"))
    var minutes: String?

    @Option(name: .customLong("time-zone"),
            help: ArgumentHelp("Take the recording's times as Unix time and show days in this zone (e.g. Europe/London); times that are not dates stay as they are. Default: the clock as written (an Axivity's is local).",
                               valueName: "zone"))
    var timeZone: String?

    @Option(name: .customLong("nonwear-sd"), help: ArgumentHelp("Non-wear: an axis is still under this standard deviation, mg.", valueName: "mg"))
    var nonWearStandardDeviation = 13.0

    @Option(name: .customLong("nonwear-range"), help: ArgumentHelp("Non-wear: ... and under this range, mg.", valueName: "mg"))
    var nonWearRange = 50.0

    @Option(name: .customLong("nonwear-window"),
            help: ArgumentHelp("Non-wear: the window, minutes, in which two axes must stay still (moved on by a quarter of it).", valueName: "minutes"))
    var nonWearWindow = 60

    @Option(name: .customLong("valid-hours"), help: ArgumentHelp("A day is valid when worn at least this many hours.", valueName: "hours"))
    var validHours = 10.0

    /// Whether days are wanted at all.
    var wanted: Bool { days || minutes != nil }

    func validate() throws {
        if csv && !wanted { throw ValidationError("--csv goes with --days.") }
        guard nonWearStandardDeviation > 0, nonWearRange > 0 else { throw ValidationError("--nonwear-sd and --nonwear-range must be positive.") }
        guard nonWearWindow >= 4 else { throw ValidationError("--nonwear-window must be 4 minutes or more.") }
        guard validHours >= 0 && validHours <= 24 else { throw ValidationError("--valid-hours must be between 0 and 24.") }
        _ = try localOffset()
    }

    /// The non-wear rule the options describe.
    var rule: NonWearRule {
        NonWearRule(windowMinutes: nonWearWindow, stepMinutes: max(1, nonWearWindow / 4),
                    standardDeviation: nonWearStandardDeviation / 1000, range: nonWearRange / 1000)
    }

    /// Seconds from a recording's time to its local clock.
    func localOffset() throws -> @Sendable (Double) -> Double {
        guard let timeZone else { return { _ in 0 } }
        guard let zone = TimeZone(identifier: timeZone) else {
            throw ValidationError("--time-zone: '\(timeZone)' is not a time zone (names as in /usr/share/zoneinfo, e.g. Europe/Berlin or UTC).")
        }
        return { Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: $0))) }
    }
}
