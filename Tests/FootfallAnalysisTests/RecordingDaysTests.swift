import Testing
import FootfallAnalysis
import FootfallTestSupport
import FootfallTraces

/// One recording read into its days.
struct RecordingDaysTests {
    @Test func aRecordingsDaysHoldItsCountAndItsSummary() throws {
        let path = SampleTracesLocation.path("devices/ax3_sample.cwa")
        let settings = DaySettings()
        let counted = try RecordingDays.run(path: path, options: .automatic, configuration: .default, settings: settings,
                                            localOffset: settings.localOffset())
        #expect(try counted.count.steps == TraceCount.run(path: path).steps)
        #expect(counted.days.reduce(0) { $0 + $1.steps } == counted.count.steps)
        #expect(counted.days.map(\.recordedMinutes).reduce(0, +) == counted.minutes.count)
        #expect(counted.count.recording?.deviceSerial == "51888" && counted.count.recording?.samples == 58_800)
    }
}
