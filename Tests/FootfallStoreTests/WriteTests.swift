import FootfallGoals
import FootfallSQLite
import FootfallVocabulary
import Testing
@testable import FootfallStore

/// Deltas add up, day totals follow, retention keeps day totals, and a batch is all or nothing.
struct WriteTests {
    let fixture: StoreFixture
    let store: FootfallDatabase
    init() throws {
        fixture = try StoreFixture()
        store = try fixture.open()
    }

    @Test func deltasAddUpAcrossWritesAndReopen() throws {
        try store.write(StoreBatch(minutes: [delta(minute: 600, 10), delta(minute: 601, 5)],
                                   dayGoals: [localDay("2026-11-22"): 8000]))
        try store.write(StoreBatch(minutes: [delta(minute: 601, 7, cadence: 120)], dayGoals: [localDay("2026-11-22"): 8000]))
        let reopened = try fixture.open()
        try reopened.write(StoreBatch(minutes: [delta(minute: 601, 3)], dayGoals: [localDay("2026-11-22"): 9000]))
        #expect(try reopened.minutes(from: minuteStart(600), to: minuteStart(602)) == [
            StoredMinute(start: minuteStart(600), source: .iio, day: localDay("2026-11-22"), steps: 10, cadence: 110),
            StoredMinute(start: minuteStart(601), source: .iio, day: localDay("2026-11-22"), steps: 15,
                      cadence: (5 * 110 + 7 * 120 + 3 * 110) / 15.0),
        ])
        #expect(try reopened.dayTotal(localDay("2026-11-22")) == 25)
        // The goal is the one in effect at the day's last update.
        #expect(try reopened.days(from: localDay("2026-11-22"), to: localDay("2026-11-22")) == [DayTotal(day: localDay("2026-11-22"), steps: 25, goal: 9000)])
        #expect(try reopened.lifetimeTotal() == 25)
    }

    @Test func aMinuteWrittenAgainAfterAClockJumpBackAdds() throws {
        // 10:00 counted, the clock jumps back to 09:59, then forward again into 10:00.
        try store.write(StoreBatch(minutes: [delta(minute: 600, 30)], dayGoals: [localDay("2026-11-22"): 8000]))
        try store.write(StoreBatch(minutes: [delta(minute: 599, 12)], dayGoals: [localDay("2026-11-22"): 8000]))
        try store.write(StoreBatch(minutes: [delta(minute: 600, 8)], dayGoals: [localDay("2026-11-22"): 8000]))
        let rows = try store.minutes(from: minuteStart(599), to: minuteStart(601))
        #expect(rows.map(\.steps) == [12, 38])
        #expect(try store.dayTotal(localDay("2026-11-22")) == 50)
    }

    @Test func sourcesAreKeptApartWithinAMinute() throws {
        try store.write(StoreBatch(minutes: [delta(minute: 10, 4, source: .replay), delta(minute: 10, 6, source: .evdev)],
                                   dayGoals: [localDay("2026-11-22"): 8000]))
        let rows = try store.minutes(from: minuteStart(10), to: minuteStart(11))
        #expect(rows.map(\.source) == [.evdev, .replay])
        #expect(rows.map(\.steps) == [6, 4])
        #expect(try store.dayTotal(localDay("2026-11-22")) == 10)
    }

    @Test func dayTotalsFollowTheMinutesOfEachDay() throws {
        // A shift worker's day starting at 04:00: 01:00 UTC still belongs to the 21st.
        try store.write(StoreBatch(minutes: [delta(minute: 60, 100, day: localDay("2026-11-21")), delta(minute: 300, 200)],
                                   dayGoals: [localDay("2026-11-21"): 6000, localDay("2026-11-22"): 8000]))
        try store.write(StoreBatch(minutes: [delta(minute: 301, 50)], dayGoals: [localDay("2026-11-22"): 8000]))
        #expect(try store.days(from: localDay("2026-11-01"), to: localDay("2026-11-30")) == [
            DayTotal(day: localDay("2026-11-21"), steps: 100, goal: 6000),
            DayTotal(day: localDay("2026-11-22"), steps: 250, goal: 8000),
        ])
        #expect(try store.days(from: localDay("2026-11-22"), to: localDay("2026-11-22")).map(\.day) == [localDay("2026-11-22")])
        #expect(try store.days(from: localDay("2026-11-23"), to: localDay("2026-11-30")) == [])
        #expect(try store.dayTotal(localDay("2026-11-23")) == 0)
        #expect(try store.lifetimeTotal() == 350)
    }

    @Test func aDayWithoutGoalInTheBatchKeepsItsGoal() throws {
        try store.write(StoreBatch(minutes: [delta(minute: 1, 5)], dayGoals: [localDay("2026-11-22"): 7000]))
        try store.write(StoreBatch(minutes: [delta(minute: 2, 5)]))
        #expect(try store.days(from: localDay("2026-11-22"), to: localDay("2026-11-22")) == [DayTotal(day: localDay("2026-11-22"), steps: 10, goal: 7000)])
    }

    @Test func aGoalAloneRecordsTheDayWithoutSteps() throws {
        try store.write(StoreBatch(dayGoals: [localDay("2026-11-22"): 12000],
                                   goalChanges: [GoalChange(effectiveAt: 5, goal: 12000, changedBy: 1000)]))
        #expect(try store.days(from: localDay("2026-11-22"), to: localDay("2026-11-22")) == [DayTotal(day: localDay("2026-11-22"), steps: 0, goal: 12000)])
    }

    @Test func aNewDayWithoutGoalIsRefusedAndNothingIsWritten() throws {
        let batch = StoreBatch(minutes: [delta(minute: 1, 5)], milestones: [], goalChanges: [])
        #expect(throws: StoreError.invalidBatch(
            reason: "it has minutes for 2026-11-22, a day without a total yet, but no goal for it in dayGoals", code: nil)) {
            try store.write(batch)
        }
        #expect(try store.minutes(from: 0, to: .max) == [])
    }

    @Test func emptyBatchWritesNothing() throws {
        try store.write(StoreBatch())
        #expect(try store.lifetimeTotal() == 0)
    }

    /// Each batch breaks a rule in its last part; none of its earlier parts may remain.
    static let invalidBatches: [StoreBatch] = [
        // A source the schema does not know cannot be written from Swift (SensorBackend is an
        // enum; SchemaTests inserts one with raw SQL); a minute that does not start on a minute can.
        StoreBatch(minutes: [delta(minute: 1, 5), MinuteDelta(start: minuteStart(2) + 1, source: .iio, day: localDay("2026-11-22"),
                                                              steps: 5, cadenceSum: 550)], dayGoals: [localDay("2026-11-22"): 8000]),
        StoreBatch(minutes: [delta(minute: 1, 5), delta(minute: 2, -9)], dayGoals: [localDay("2026-11-22"): 8000]),
        StoreBatch(minutes: [delta(minute: 1, 5)], dayGoals: [localDay("2026-11-22"): 0]),
        StoreBatch(minutes: [delta(minute: 1, 5)], dayGoals: [localDay("2026-11-22"): 8000],
                   // An empty milestone cannot be written from Swift any more (Milestone is an enum): a
                   // negative count can.
                   milestones: [MilestoneRecord(day: localDay("2026-11-22"), milestone: .half, steps: -5, goal: 8000, reachedAt: 1)]),
        StoreBatch(minutes: [delta(minute: 1, 5)], dayGoals: [localDay("2026-11-22"): 8000],
                   milestones: [MilestoneRecord(day: localDay("2026-11-22"), milestone: .multiple(1), steps: 5, goal: 8000, reachedAt: 1)],
                   goalChanges: [GoalChange(effectiveAt: 1, goal: 9000, changedBy: nil),
                                 GoalChange(effectiveAt: 2, goal: 0, changedBy: nil)]),
    ]

    @Test(arguments: invalidBatches.indices)
    func aBatchIsAllOrNothing(_ index: Int) throws {
        try store.write(StoreBatch(minutes: [delta(minute: 1, 100)], dayGoals: [localDay("2026-11-22"): 8000]))
        do {
            try store.write(Self.invalidBatches[index])
            Issue.record("an invalid batch was written")
        } catch {
            guard case .invalidBatch(_, let code) = error else { Issue.record("got \(error)"); return }
            #expect(code.map { $0 & 0xFF } == SQLiteResultCode.constraint.rawValue)
            #expect(error.description.contains("wrote nothing"))
        }
        #expect(try store.minutes(from: 0, to: .max) == [
            StoredMinute(start: minuteStart(1), source: .iio, day: localDay("2026-11-22"), steps: 100, cadence: 110),
        ])
        #expect(try store.days(from: localDay("2026-11-22"), to: localDay("2026-11-22")) == [DayTotal(day: localDay("2026-11-22"), steps: 100, goal: 8000)])
        #expect(try store.milestones(day: localDay("2026-11-22")) == [])
        #expect(try store.goalChanges() == [])
    }

    @Test func retentionDeletesOldMinutesAndKeepsDayTotals() throws {
        try store.write(StoreBatch(minutes: [delta(minute: -1440 + 5, 70, day: localDay("2026-11-21")), delta(minute: 5, 30),
                                             delta(minute: 6, 20, source: .evdev)],
                                   dayGoals: [localDay("2026-11-21"): 8000, localDay("2026-11-22"): 8000]))
        #expect(try store.deleteMinutes(before: minuteStart(6)) == 2)
        #expect(try store.minutes(from: 0, to: .max).map(\.start) == [minuteStart(6)])
        #expect(try store.days(from: localDay("2026-11-21"), to: localDay("2026-11-22")).map(\.steps) == [70, 50])
        #expect(try store.lifetimeTotal() == 120)
        #expect(try store.deleteMinutes(before: minuteStart(6)) == 0)
        // A day whose minutes are gone still takes deltas.
        try store.write(StoreBatch(minutes: [delta(minute: 5, 1)]))
        #expect(try store.dayTotal(localDay("2026-11-22")) == 51)
    }

    @Test func aMinuteWithoutStepsHasNoCadence() throws {
        try store.write(StoreBatch(minutes: [delta(minute: 3, 0)], dayGoals: [localDay("2026-11-22"): 8000]))
        #expect(try store.minutes(from: minuteStart(3), to: minuteStart(4)).map(\.cadence) == [0])
    }
}
