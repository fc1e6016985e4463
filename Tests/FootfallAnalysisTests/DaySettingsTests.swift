import Foundation
import Testing
import FootfallAnalysis

/// The rules of days that count --days takes as options and a study keeps.
struct DaySettingsTests {
    @Test func theDefaultsAreGGIRsRuleAndATenHourDay() {
        let settings = DaySettings()
        #expect(settings.rule == NonWearRule(windowMinutes: 60, stepMinutes: 15, standardDeviation: 0.013, range: 0.05))
        #expect(settings.minimumWearMinutes == 600 && settings.problem == nil)
        #expect(DaySettings(nonWearWindow: 6, validHours: 7.5).rule.stepMinutes == 1)
        #expect(DaySettings(validHours: 7.5).minimumWearMinutes == 450)
    }

    @Test func whatIsWrongIsSaidInTheOptionsWords() {
        #expect(DaySettings(nonWearStandardDeviation: 0).problem?.contains("--nonwear-sd") == true)
        #expect(DaySettings(nonWearWindow: 3).problem?.contains("--nonwear-window") == true)
        #expect(DaySettings(validHours: 25).problem?.contains("--valid-hours") == true)
        #expect(DaySettings(timeZone: "Mars/Olympus").problem?.contains("'Mars/Olympus' is not a time zone") == true)
    }

    @Test func aZoneGivesItsOffsetAtEachInstantAndNoZoneNone() {
        let london = DaySettings(timeZone: "Europe/London").localOffset()
        // 2026-01-15 and 2026-07-15, noon UTC.
        #expect(london(1_768_478_400) == 0 && london(1_784_116_800) == 3600)
        #expect(DaySettings().localOffset()(1_784_116_800) == 0)
    }

    @Test func settingsSurviveAStudysFile() throws {
        let settings = DaySettings(timeZone: "Europe/Berlin", nonWearStandardDeviation: 10, nonWearRange: 40, nonWearWindow: 90, validHours: 8)
        #expect(try JSONDecoder().decode(DaySettings.self, from: JSONEncoder().encode(settings)) == settings)
    }
}
