import Testing
import FootfallDetection
import FootfallGoals
import FootfallTraces
@testable import FootfallAnalysis

/// Days as studies report them, on small recordings whose answers are worked out by hand:
/// a day boundary, a time-zone change, a non-wear stretch, the cadence bands and peaks.
struct DaySummaryTests {
    /// 2026-05-04 00:00 on the recording's clock.
    static let monday: Double = 1_777_852_800

    /// One sample a second from `start` for `seconds`: moving (±50 mg on every axis, a worn
    /// device) or perfectly still (a device on a table).
    static func samples(from start: Double, seconds: Int, moving: Bool) -> [Sample] {
        (0..<seconds).map { k in
            let wobble = moving ? (k % 2 == 0 ? 0.05 : -0.05) * 9.80665 : 0
            return Sample(time: start + Double(k), x: wobble, y: wobble, z: 9.80665 + wobble)
        }
    }

    static func add(_ samples: [Sample], to activity: inout ActivityMinutes) {
        samples.withUnsafeBufferPointer { activity.add($0) }
    }

    @Test func stepsFallOnEitherSideOfMidnight() throws {
        var activity = ActivityMinutes()
        Self.add(Self.samples(from: Self.monday - 120, seconds: 240, moving: true), to: &activity)
        // 23:58: 30 steps; 23:59: 110 steps; 00:00: 100 steps; 00:01: none.
        for (minute, steps) in [(-2, 30), (-1, 110), (0, 100)] {
            for k in 0..<steps {
                activity.add(step: StepEvent(time: Self.monday + Double(minute * 60) + Double(k) * 0.5, cadence: Double(steps)))
            }
        }
        #expect(activity.clock == .wallClock)
        let days = DaySummary.summarize(activity.minutes(), minimumWearMinutes: 2)
        #expect(days.map(\.day) == [try LocalDay("2026-05-03"), try LocalDay("2026-05-04")])
        #expect(days.map(\.number) == [1, 2])
        #expect(days.map(\.steps) == [140, 100])
        #expect(days.map(\.wearMinutes) == [2, 2])
        #expect(days.map(\.walkingMinutes) == [2, 1])
        // 30 steps is the 20-39 band, 110 the 100-119, 100 the 100-119, 0 the first.
        #expect(days[0].cadenceBands == [0, 0, 1, 0, 0, 0, 1, 0])
        #expect(days[1].cadenceBands == [1, 0, 0, 0, 0, 0, 1, 0])
        #expect(days.map(\.peak1MinuteCadence) == [110, 100])
        #expect(days[0].peak30MinuteCadence == 140.0 / 30)
        #expect(days.allSatisfy { $0.isValid })
    }

    @Test func aTimeZoneChangeMovesTheLocalClockAnHour() throws {
        // Unix times from 22:30 to 23:30 UTC on 2026-05-03; the zone is UTC+1 until 23:00 UTC,
        // then UTC+2 (a clock put forward). Local: 23:30 to 00:00 on the 3rd, then 01:00 to
        // 01:30 on the 4th.
        let change = Self.monday - 3600
        var activity = ActivityMinutes(localOffset: { $0 < change ? 3600 : 7200 })
        Self.add(Self.samples(from: change - 1800, seconds: 3600, moving: true), to: &activity)
        let minutes = activity.minutes()
        #expect(minutes.count == 60)
        #expect(minutes.first?.start == Int64(Self.monday - 1800))
        #expect(minutes[29].start == Int64(Self.monday - 60))
        #expect(minutes[30].start == Int64(Self.monday + 3600))
        let days = DaySummary.summarize(minutes)
        #expect(days.map(\.day) == [try LocalDay("2026-05-03"), try LocalDay("2026-05-04")])
        #expect(days.map(\.recordedMinutes) == [30, 30])
    }

    @Test func aClockSetBackKeepsBothStretchesOfARepeatedMinute() {
        // The local clock goes back an hour at 23:00 UTC (UTC+2 to UTC+1): two hours of Unix
        // time from 22:00 are local 00:00-01:00 twice.
        let change = Self.monday - 3600
        var activity = ActivityMinutes(localOffset: { $0 < change ? 7200 : 3600 })
        Self.add(Self.samples(from: change - 3600, seconds: 7200, moving: true), to: &activity)
        let minutes = activity.minutes()
        #expect(minutes.count == 60)
        #expect(minutes.first?.start == Int64(Self.monday))
        #expect(minutes.allSatisfy { $0.samples == 120 })
    }

    @Test func aStillStretchOfAnHourAndAHalfIsNotWorn() {
        // Minutes 0-59 moving, 60-149 still, 150-179 moving. Windows of 60 minutes every 15:
        // those starting at 60, 75 and 90 lie in the still stretch; every other one holds
        // moving minutes. So minutes 60-149 are not worn: 90 of 180.
        var activity = ActivityMinutes()
        Self.add(Self.samples(from: Self.monday, seconds: 3600, moving: true), to: &activity)
        Self.add(Self.samples(from: Self.monday + 3600, seconds: 5400, moving: false), to: &activity)
        Self.add(Self.samples(from: Self.monday + 9000, seconds: 1800, moving: true), to: &activity)
        let minutes = activity.minutes()
        #expect(minutes.count == 180)
        let notWorn = minutes.enumerated().filter { !$0.element.worn }.map(\.offset)
        #expect(notWorn == Array(60..<150))
        let day = DaySummary.summarize(minutes, minimumWearMinutes: 90)[0]
        #expect(day.wearMinutes == 90)
        #expect(day.recordedMinutes == 180)
        #expect(day.cadenceBands.reduce(0, +) == day.wearMinutes)
        #expect(day.isValid)
        #expect(!DaySummary.summarize(minutes, minimumWearMinutes: 91)[0].isValid)
    }

    @Test func stillnessShorterThanTheWindowIsWorn() {
        // 50 still minutes between moving ones: no 60-minute window is still.
        var activity = ActivityMinutes()
        Self.add(Self.samples(from: Self.monday, seconds: 1800, moving: true), to: &activity)
        Self.add(Self.samples(from: Self.monday + 1800, seconds: 3000, moving: false), to: &activity)
        Self.add(Self.samples(from: Self.monday + 4800, seconds: 1800, moving: true), to: &activity)
        var again = activity  // the same recording, judged with another rule below
        let minutes = activity.minutes()
        #expect(minutes.allSatisfy { $0.worn })
        // With a 40-minute window it is not.
        #expect(again.minutes(rule: NonWearRule(windowMinutes: 40, stepMinutes: 10)).contains { !$0.worn })
    }

    @Test func peakThirtyIsTheMeanOfTheThirtyHighestMinutes() {
        var minutes: [RecordedMinute] = []
        for k in 0..<40 {
            var minute = RecordedMinute(start: Int64(Self.monday) + Int64(k) * 60)
            minute.samples = 60
            minute.steps = k  // 0 ... 39 steps
            minutes.append(minute)
        }
        let day = DaySummary.summarize(minutes)[0]
        // The 30 highest are 10 ... 39: their mean is 24.5.
        #expect(day.peak30MinuteCadence == 24.5)
        #expect(day.peak1MinuteCadence == 39)
        #expect(day.cadenceBands == [1, 19, 20, 0, 0, 0, 0, 0])
        #expect(day.walkingMinutes == 39)
        #expect(!day.isValid)
    }

    /// Days are numbered from the recording's first, by the calendar: a day without minutes
    /// keeps its number.
    @Test func daysAreNumberedFromTheFirstWithGapsCounted() {
        var activity = ActivityMinutes()
        for day in [0.0, 1, 3] { Self.add(Self.samples(from: Self.monday + day * 86_400 + 600, seconds: 120, moving: true), to: &activity) }
        #expect(DaySummary.summarize(activity.minutes()).map(\.number) == [1, 2, 4])
    }

    /// Times that are not dates (seconds from a start, as Footfall's traces and many exports
    /// write them) make numbered days of 24 hours from that clock's zero, which no time zone
    /// moves: the zone's offset in 1970 once made day 1 start an hour early.
    @Test func timesThatAreNotDatesMakeNumberedDaysNoZoneMoves() {
        var activity = ActivityMinutes(localOffset: { _ in 3600 })
        Self.add(Self.samples(from: 0, seconds: 90_000, moving: true), to: &activity)
        #expect(activity.clock == .elapsed)
        let minutes = activity.minutes()
        #expect(minutes.first?.start == 0 && minutes.last?.start == 89_940)
        let days = DaySummary.summarize(minutes)
        #expect(days.map(\.number) == [1, 2])
        #expect(days.map(\.recordedMinutes) == [1440, 60])
        #expect(RecordingClock(firstTime: RecordingClock.earliestWallClockTime) == .wallClock)
        #expect(RecordingClock(firstTime: RecordingClock.earliestWallClockTime - 1) == .elapsed)
    }

    @Test func bandsAreTudorLockes() {
        #expect(DaySummary.bandNames == ["0", "1-19", "20-39", "40-59", "60-79", "80-99", "100-119", "120+"])
        #expect([0, 1, 19, 20, 99, 100, 119, 120, 300].map(DaySummary.band(ofSteps:)) == [0, 1, 1, 2, 5, 6, 6, 7, 7])
    }
}
