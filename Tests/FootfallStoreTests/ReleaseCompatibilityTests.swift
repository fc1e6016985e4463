import Foundation
import FootfallGoals
import FootfallSQLite
import Testing
@testable import FootfallStore

/// A store written by the release before the store left GRDB opens unchanged: every row reads
/// back, no migration runs again, and new writes add to the old rows.
///
/// Fixtures/footfalld-0.1.0.sqlite was written by footfalld 0.1.0 (CHANGELOG.md names its commit;
/// GRDB 7.10.0, SQLite 3.40.1) and closed cleanly (its WAL checkpointed into the file):
/// `footfalld --replay SampleTraces/oxford/Samsung_Dario_Hard_InHand_1.csv --speed 10
/// --config C --state-dir S` with `goal: 40` in C, `footfall goal 30` four seconds in, SIGTERM
/// after the replay.
struct ReleaseCompatibilityTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/footfalld-0.1.0.sqlite").path
    let day = localDay("2026-11-25")

    /// A copy of the fixture in a fresh state directory, so the test never changes the original.
    func copy() throws -> StoreFixture {
        let store = try StoreFixture()
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: store.databasePath)
        return store
    }

    @Test func everyRowOfTheEarlierReleaseReadsBack() throws {
        let fixture = try copy()
        let store = try fixture.open()
        #expect(try store.dayTotal(day) == 278)
        #expect(try store.days(from: day, to: day) == [DayTotal(day: day, steps: 278, goal: 30)])
        #expect(try store.lifetimeTotal() == 278)
        let minutes = try store.minutes(from: 0, to: .max)
        #expect(minutes.count == 1)
        #expect(minutes.first?.start == 1_795_572_540)
        #expect(minutes.first?.source == .replay)
        #expect(minutes.first?.day == day)
        #expect(minutes.first?.steps == 278)
        #expect(abs((minutes.first?.cadence ?? 0) - 32325.872836091 / 278) < 1e-9)
        let changes = try store.goalChanges()
        #expect(changes.map(\.goal) == [30])
        #expect(changes.map(\.changedBy) == [0])
        #expect(abs((changes.first?.effectiveAt ?? 0) - 1_795_572_560.05592) < 1e-4)
        let milestones = try store.milestones(day: day)
        #expect(milestones.map(\.milestone.description) == ["half", "1x", "2x", "3x", "4x", "5x", "6x", "7x", "8x", "9x"])
        #expect(milestones.map(\.steps) == [37, 56, 76, 95, 134, 154, 192, 211, 250, 278])
        #expect(milestones.map(\.goal) == [40, 40, 30, 30, 30, 30, 30, 30, 30, 30])
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func noMigrationRunsAgainAndNewStepsAddToTheOldOnes() throws {
        let fixture = try copy()
        let before = try SQLiteConnection(path: fixture.databasePath, mode: .readWrite)
        let schemaBefore = try before.values(String.self, "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
        try before.close()

        let store = try fixture.open()
        #expect(try store.read { try StoreSchema.appliedMigrations($0) } == [StoreSchema.initial, StoreSchema.hardwareSteps])
        #expect(try store.read { try $0.values(String.self, "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name") }
                    == schemaBefore)
        try store.write(StoreBatch(minutes: [MinuteDelta(start: 1_795_572_540, source: .replay, day: day, steps: 2, cadenceSum: 220)],
                                   milestones: [MilestoneRecord(day: day, milestone: .multiple(9), steps: 280, goal: 30, reachedAt: 2e9)]))
        #expect(try store.dayTotal(day) == 280)
        #expect(try store.minutes(from: 0, to: .max).map(\.steps) == [280])
        #expect(try store.milestones(day: day).last?.steps == 278, "the first time a milestone was reached is kept")
        try store.close()
    }

    /// A fresh store has the same schema, to the letter, as the one the earlier release made:
    /// the migrations are the same statements.
    @Test func aFreshStoreHasTheEarlierReleasesSchema() throws {
        let copied = try copy()
        let old = try SQLiteConnection(path: copied.databasePath, mode: .readWrite)
        defer { try? old.close() }
        let query = "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
        let read: (SQLiteRow) throws(SQLiteError) -> String = { row throws(SQLiteError) in
            "\(row[0]) \(row[1]) \(row[2])"
        }
        let fresh = try StoreFixture()
        let store = try fresh.open()
        #expect(try store.read { try $0.rows(query, [], read) } == (try old.rows(query, [], read)))
    }
}
