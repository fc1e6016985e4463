import FootfallVocabulary
import Testing

/// The shared words whose spelling outlives a build: what the store keeps and what the C calls take.
struct VocabularyTests {
    /// A minute's source is stored by these names (the schema's CHECK lists them): they never change.
    @Test func sensorBackendsKeepTheNamesStoresHold() {
        #expect(SensorBackend.allCases.map(\.rawValue) == ["iio", "evdev", "replay", "hardware-steps"])
    }

    @Test func wholeMillisecondsRoundTowardZero() {
        #expect(Duration.seconds(2).wholeMilliseconds == 2000)
        #expect(Duration.microseconds(1999).wholeMilliseconds == 1)
        #expect(Duration.seconds(0.25).wholeMilliseconds == 250)
        #expect(Duration.nanoseconds(999_999).wholeMilliseconds == 0)
        #expect(Duration.milliseconds(-1500).wholeMilliseconds == -1500)
    }
}
