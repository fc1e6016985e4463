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

    @OptionGroup var rules: DayRuleOptions

    /// Whether days are wanted at all.
    var wanted: Bool { days || minutes != nil }

    func validate() throws {
        if csv && !wanted { throw ValidationError("--csv goes with --days.") }
    }
}

/// How wear and validity are decided and which zone days are in: `footfall count --days`
/// and `footfall cohort plan` take them.
struct DayRuleOptions: ParsableArguments {
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

    func validate() throws {
        if let problem = settings.problem { throw ValidationError(problem) }
    }

    /// The settings the options describe.
    var settings: DaySettings {
        DaySettings(timeZone: timeZone, nonWearStandardDeviation: nonWearStandardDeviation, nonWearRange: nonWearRange,
                    nonWearWindow: nonWearWindow, validHours: validHours)
    }
}
