import Testing
@testable import FootfallInput

/// The chip's counter readings become steps through resets and wrap-around, and a fall that is
/// neither plausible wrap nor progress is a reset, never a negative count.
struct HardwareStepTallyTests {
    /// Feeds (reading, seconds) pairs; returns what each credited and meant.
    func run(_ readings: [(Int, Double)]) -> (steps: [Int], changes: [HardwareStepTally.Change], total: Int) {
        var tally = HardwareStepTally()
        var steps: [Int] = [], changes: [HardwareStepTally.Change] = []
        for (reading, time) in readings {
            let (count, change) = tally.record(reading, at: time)
            steps.append(count)
            changes.append(change)
        }
        return (steps, changes, tally.credited)
    }

    @Test func theFirstReadingIsTheBaselineAndRisesAreCredited() {
        let result = run([(5_000, 0), (5_000, 1), (5_003, 2), (5_010, 3)])
        #expect(result.steps == [0, 0, 3, 7])
        #expect(result.changes == [.baseline, .counted, .counted, .counted])
        #expect(result.total == 10)
    }

    @Test func aFallToASmallNumberIsAResetAndCreditsTheNewReading() {
        let result = run([(1_200, 0), (1_210, 1), (4, 2), (9, 3)])
        #expect(result.steps == [0, 10, 4, 5])
        #expect(result.changes == [.baseline, .counted, .reset, .counted])
        #expect(result.total == 19)
    }

    /// bma400's counter is 24 bits: 16,777,210 + 6 wraps to 0.
    @Test func aTwentyFourBitCounterWrapsOverItsTop() {
        let top = 1 << 24
        let result = run([(top - 10, 0), (top - 2, 1), (3, 2)])
        #expect(result.steps == [0, 8, 5])
        #expect(result.changes == [.baseline, .counted, .wrapped(bits: 24)])
    }

    @Test(arguments: [16, 32])
    func otherWidthsWrapToo(_ bits: Int) {
        let top = 1 << bits
        let result = run([(top - 4, 0), (2, 1)])
        #expect(result.steps == [0, 6])
        #expect(result.changes == [.baseline, .wrapped(bits: bits)])
    }

    /// Near the top of 16 bits, on a chip that is really wider: a fall to a large number is a
    /// reset, since no one walks 60,000 steps in a second.
    @Test func aFallThatNoWalkCouldExplainIsAReset() {
        let result = run([(65_530, 0), (60_000, 1)])
        #expect(result.changes == [.baseline, .reset])
        #expect(result.steps == [0, 60_000])
    }

    /// The allowance for a wrap grows with the time between readings: after a device was away
    /// for ten minutes, a wrap with 2,000 steps across it is plausible; one second later it is not.
    @Test func theWrapAllowanceFollowsTheTimeBetweenReadings() {
        let top = 1 << 24
        #expect(run([(top - 1_000, 0), (1_000, 600)]).changes.last == .wrapped(bits: 24))
        #expect(run([(top - 1_000, 0), (1_000, 1)]).changes.last == .reset)
    }

    /// Readings handed over more often than the chip is read (the same value again) do not
    /// shrink the window a wrap may span below the read interval.
    @Test func theWrapAllowanceIsAtLeastTheReadInterval() {
        let top = 1 << 24
        var tally = HardwareStepTally(readInterval: 10)
        _ = tally.record(top - 50, at: 0)
        _ = tally.record(top - 50, at: 9.9)
        let wrapped = tally.record(20, at: 10)
        #expect(wrapped.steps == 70)
        #expect(wrapped.change == .wrapped(bits: 24))
        var everySecond = HardwareStepTally(readInterval: 1)
        _ = everySecond.record(top - 50, at: 0)
        _ = everySecond.record(top - 50, at: 9.9)
        #expect(everySecond.record(20, at: 10).change == .reset)
    }

    /// A chip that lost its count while the device was away (re-probed) credits what it counted
    /// since; one that kept counting credits the difference: nothing counted is lost either way.
    @Test func aDeviceBackAfterALossCreditsWhatItCountedMeanwhile() {
        #expect(run([(300, 0), (340, 30)]).steps.last == 40)
        #expect(run([(300, 0), (25, 30)]).steps.last == 25)
    }
}
