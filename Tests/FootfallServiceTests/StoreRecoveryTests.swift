import Foundation
import FootfallGoals
import FootfallInput
import FootfallStore
import FootfallTestSupport
import Testing
@testable import FootfallService

/// Opening a damaged store at start: moved aside, a fresh one in its place, and today carried
/// over as it was filed (each minute with its source and time, not one "replay" minute at the
/// restart's).
struct StoreRecoveryTests {
    let today = localDay("2026-06-01")
    /// 2026-06-01 10:00 UTC and the minutes after it.
    func minute(_ offset: Int64) -> Int64 { 1_780_308_000 + offset * 60 }

    /// Today: three IIO minutes and an evdev one; yesterday: a replay minute.
    func storeToday(in folder: StateFolder) throws {
        let store = try folder.open()
        try store.write(StoreBatch(
            minutes: [MinuteDelta(start: minute(0), source: .iio, day: today, steps: 40, cadenceSum: 4000),
                      MinuteDelta(start: minute(1), source: .iio, day: today, steps: 35, cadenceSum: 3850),
                      MinuteDelta(start: minute(2), source: .iio, day: today, steps: 50, cadenceSum: 5250),
                      MinuteDelta(start: minute(60), source: .evdev, day: today, steps: 20, cadenceSum: 2000),
                      MinuteDelta(start: minute(-1440), source: .replay, day: today.previous, steps: 9, cadenceSum: 900)],
            dayGoals: [today: 8000, today.previous: 8000],
            milestones: [MilestoneRecord(day: today, milestone: .half, steps: 4000, goal: 8000, reachedAt: 1)],
            goalChanges: [GoalChange(effectiveAt: 1, goal: 8000, changedBy: 1000)]))
        try store.close()
    }

    func open(_ folder: StateFolder) throws -> StoreHandle {
        try StoreRecovery.open(directory: folder.path, today: today, boundary: utcDays, logger: quietLogger, storeLogger: quietLogger)
    }

    /// Today's store with the root page of `tree` damaged, opened; it must have been moved aside.
    func openDamaged(_ tree: String) throws -> (StateFolder, StoreHandle) {
        let folder = try StateFolder()
        try storeToday(in: folder)
        try StoreDamage.overwriteRootPage(of: tree, inDatabaseAt: folder.databasePath)
        let store = try open(folder)
        #expect(folder.quarantined.count == 1)
        return (folder, store)
    }

    @Test func aDamagedIndexKeepsTodaysMinutesWithTheirOwnSourcesAndTimes() throws {
        let (folder, store) = try openDamaged("minute_on_day")
        defer { withExtendedLifetime(folder) {} }
        let fresh = store.current
        #expect(try fresh.integrityCheck() == ["ok"])
        let rows = try fresh.minutes(from: 0, to: .max)
        #expect(rows.map(\.start) == [minute(0), minute(1), minute(2), minute(60)])
        #expect(rows.map(\.source) == [.iio, .iio, .iio, .evdev])
        #expect(rows.map(\.steps) == [40, 35, 50, 20])
        #expect(rows.map(\.cadence) == [100, 110, 105, 100])
        #expect(try fresh.days(from: today, to: today) == [DayTotal(day: today, steps: 145, goal: 8000)])
        #expect(try fresh.milestones(day: today).map(\.milestone) == [.half])
        #expect(try fresh.goalChanges() == [GoalChange(effectiveAt: 1, goal: 8000, changedBy: 1000)])
        #expect(try fresh.dayTotal(today.previous) == 0, "earlier days stay in the file moved aside")
    }

    @Test func whenTheMinutesCannotBeReadTheDayKeepsItsCountWithoutMadeUpMinutes() throws {
        let (folder, store) = try openDamaged("minute")
        defer { withExtendedLifetime(folder) {} }
        #expect(try store.current.minutes(from: 0, to: .max) == [])
        #expect(try store.current.dayTotal(today) == 145)
        #expect(try store.current.lifetimeTotal() == 145)
    }

    @Test func aFileOfGarbageGivesAFreshStore() throws {
        let folder = try StateFolder()
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: folder.databasePath))
        let store = try open(folder)
        #expect(folder.quarantined.count == 1)
        #expect(try store.current.integrityCheck() == ["ok"])
        #expect(try store.current.lifetimeTotal() == 0)
    }

    @Test func aHealthyStoreIsOpenedAsItIs() throws {
        let folder = try StateFolder()
        try storeToday(in: folder)
        let store = try open(folder)
        #expect(folder.quarantined.isEmpty)
        #expect(try store.current.lifetimeTotal() == 154)
    }
}
