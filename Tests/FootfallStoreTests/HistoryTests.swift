import Testing
import FootfallStore

/// Milestones are stored once per day; goal changes come back in the order they were written.
struct HistoryTests {
    let fixture: StoreFixture
    let store: FootfallDatabase
    init() throws {
        fixture = try StoreFixture()
        store = try fixture.open()
    }

    @Test func aMilestoneIsStoredOncePerDay() throws {
        let first = MilestoneRecord(day: localDay("2026-11-22"), milestone: .multiple(1), steps: 8000, goal: 8000, reachedAt: 100)
        let half = MilestoneRecord(day: localDay("2026-11-22"), milestone: .half, steps: 4000, goal: 8000, reachedAt: 50)
        try store.write(StoreBatch(milestones: [half, first]))
        // Reached "again" (after a restart that forgot it announced it): the first one stays.
        try store.write(StoreBatch(milestones: [MilestoneRecord(day: localDay("2026-11-22"), milestone: .multiple(1), steps: 8100,
                                                                goal: 8000, reachedAt: 200)]))
        try store.write(StoreBatch(milestones: [first]))
        #expect(try store.milestones(day: localDay("2026-11-22")) == [half, first])
        // Another day has its own.
        let nextDay = MilestoneRecord(day: localDay("2026-11-23"), milestone: .multiple(1), steps: 8000, goal: 8000, reachedAt: 90_000)
        try store.write(StoreBatch(milestones: [nextDay]))
        #expect(try fixture.open().milestones(day: localDay("2026-11-23")) == [nextDay])
        #expect(try store.milestones(day: localDay("2026-11-24")) == [])
    }

    @Test func goalChangesComeBackInOrder() throws {
        let changes = [
            GoalChange(effectiveAt: 1_795_305_600, goal: 8000, changedBy: nil),
            GoalChange(effectiveAt: 1_795_309_200.5, goal: 10000, changedBy: 1000),
            // Written later with an earlier time (a clock that jumped back): still last.
            GoalChange(effectiveAt: 1_795_300_000, goal: 1, changedBy: 0),
            GoalChange(effectiveAt: 1_795_400_000, goal: 1_000_000, changedBy: UInt32.max),
        ]
        try store.write(StoreBatch(goalChanges: Array(changes[0...1])))
        try store.write(StoreBatch(goalChanges: [changes[2]]))
        try fixture.open().write(StoreBatch(goalChanges: [changes[3]]))
        #expect(try store.goalChanges() == changes)
    }
}
