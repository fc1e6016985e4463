import FootfallGoals
import FootfallStore
import FootfallTestSupport
import Testing
@testable import FootfallService

/// The one rule for merging minutes: the same minute and source add up, others stay apart.
struct MinuteTallyTests {
    let day = localDay("2026-06-01")

    @Test func theSameMinuteAndSourceAddUpAndKeepTheirFirstDay() {
        var buckets = MinuteTally()
        buckets.add(MinuteDelta(start: 600, source: .iio, day: day, steps: 10, cadenceSum: 1100))
        buckets.add(MinuteDelta(start: 600, source: .iio, day: day.next, steps: 5, cadenceSum: 600))
        #expect(buckets.deltas == [MinuteDelta(start: 600, source: .iio, day: day, steps: 15, cadenceSum: 1700)])
        #expect(buckets.steps == 15)
    }

    @Test func sourcesAndMinutesStayApartInOrder() {
        var buckets = MinuteTally()
        buckets.add(contentsOf: [MinuteDelta(start: 660, source: .iio, day: day, steps: 1, cadenceSum: 100),
                                 MinuteDelta(start: 600, source: .replay, day: day, steps: 2, cadenceSum: 200),
                                 MinuteDelta(start: 600, source: .evdev, day: day, steps: 3, cadenceSum: 300)])
        #expect(buckets.deltas.map(\.start) == [600, 600, 660])
        #expect(buckets.deltas.map(\.source) == [.evdev, .replay, .iio])
        buckets.removeAll()
        #expect(buckets.isEmpty && buckets.steps == 0)
    }
}
