import Foundation
import FootfallSQLite
import Testing
@testable import FootfallStore

/// The migrations build the schema, reopening keeps the data, and the schema itself refuses
/// bad rows whatever the Swift code does.
struct SchemaTests {
    @Test func migrationsCreateTheSchemaOnAFile() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        #expect(store.path == fixture.databasePath)
        let schema = try store.read { db in
            try Schema(db)
        }
        #expect(schema.tables == ["day_total", "goal_change", "milestone", "minute"])
        #expect(schema.columns["minute"] == ["start", "source", "day", "steps", "cadence_sum"])
        #expect(schema.columns["day_total"] == ["day", "steps", "goal"])
        #expect(schema.columns["goal_change"] == ["id", "effective_at", "goal", "changed_by"])
        #expect(schema.columns["milestone"] == ["day", "milestone", "steps", "goal", "reached_at"])
        #expect(schema.primaryKeys["minute"] == ["start", "source"])
        #expect(schema.primaryKeys["day_total"] == ["day"])
        #expect(schema.primaryKeys["milestone"] == ["day", "milestone"])
        #expect(schema.indexedColumns["minute"]?.contains(["day"]) == true)
        #expect(schema.migrations == [StoreSchema.initial, StoreSchema.hardwareSteps])
    }

    /// What the tests check of the schema, read in one go.
    struct Schema {
        var tables: [String] = []
        var columns: [String: [String]] = [:]
        var primaryKeys: [String: [String]] = [:]
        var indexedColumns: [String: [[String]]] = [:]
        var migrations: [String]

        init(_ db: SQLiteConnection) throws {
            tables = try db.values(String.self, """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%'
                ORDER BY name
                """)
            for table in tables {
                // table_info: cid, name, type, notnull, dflt_value, pk (the column's place in the key, 0 if none).
                let info = try db.rows("SELECT name, pk FROM pragma_table_info(?) ORDER BY cid", [.text(table)]) {
                    row throws(SQLiteError) in (try row.value(String.self, at: 0), try row.value(Int.self, at: 1))
                }
                columns[table] = info.map(\.0)
                primaryKeys[table] = info.filter { $0.1 > 0 }.sorted { $0.1 < $1.1 }.map(\.0)
                indexedColumns[table] = try db.values(String.self, "SELECT name FROM pragma_index_list(?) ORDER BY name", [.text(table)])
                    .map { index in try db.values(String.self, "SELECT name FROM pragma_index_info(?) ORDER BY seqno", [.text(index)]) }
            }
            migrations = try StoreSchema.appliedMigrations(db)
        }
    }

    @Test func connectionSettings() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let (journal, synchronous, busyTimeout) = try store.write { db in
            (try db.value(String.self, "PRAGMA journal_mode"),
             try db.value(Int.self, "PRAGMA synchronous"),
             try db.value(Int.self, "PRAGMA busy_timeout"))
        }
        #expect(journal == "wal")
        #expect(synchronous == 1)  // NORMAL
        #expect(busyTimeout == 2000)
    }

    @Test func inMemoryStoreHasTheSameSchema() throws {
        let store = try FootfallDatabase.inMemory()
        #expect(store.path == nil)
        let schema = try store.read { db in try Schema(db) }
        #expect(schema.tables == ["day_total", "goal_change", "milestone", "minute"])
        #expect(schema.migrations == [StoreSchema.initial, StoreSchema.hardwareSteps])
    }

    @Test func reopeningKeepsTheDataAndRunsNoMigrationAgain() throws {
        let fixture = try StoreFixture()
        do {
            let store = try fixture.open()
            try store.write(StoreBatch(minutes: [delta(minute: 600, 42)], dayGoals: [localDay("2026-11-22"): 8000],
                                       goalChanges: [GoalChange(effectiveAt: 1, goal: 8000, changedBy: nil)]))
        }
        for _ in 0..<2 {
            let store = try fixture.open()
            #expect(try store.dayTotal(localDay("2026-11-22")) == 42)
            #expect(try store.goalChanges().count == 1)
            #expect(try store.read { db in try StoreSchema.appliedMigrations(db) } == [StoreSchema.initial, StoreSchema.hardwareSteps])
        }
    }

    @Test func closingCheckpointsTheWALAndLaterCallsFail() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try store.write(StoreBatch(minutes: [delta(minute: 1, 9)], dayGoals: [localDay("2026-11-22"): 8000]))
        try store.close()
        try store.close()
        // The last connection to close checkpoints and removes the WAL: the file alone holds
        // everything (an empty WAL left behind would do as well).
        let walSize = (try? FileManager.default.attributesOfItem(atPath: fixture.databasePath + "-wal"))?[.size] as? Int
        #expect(walSize == nil || walSize == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.databasePath)).count >= 4096)
        #expect(throws: StoreError.sqlite(operation: "read the total of 2026-11-22", path: fixture.databasePath,
                                          code: SQLiteResultCode.misuse.rawValue, message: "the store was closed")) {
            try store.dayTotal(localDay("2026-11-22"))
        }
        #expect(throws: StoreError.self) { try store.write(StoreBatch(minutes: [delta(minute: 1, 1)])) }
        #expect(try fixture.open().dayTotal(localDay("2026-11-22")) == 9)
    }

    /// Rows the schema must refuse, inserted with raw SQL so no Swift check is involved.
    static let badRows: [String] = [
        // minute
        "INSERT INTO minute VALUES (1795305600, 'iio', '2026-11-22', -1, 0)",
        "INSERT INTO minute VALUES (1795305600, 'bluetooth', '2026-11-22', 1, 110)",
        "INSERT INTO minute VALUES (1795305601, 'iio', '2026-11-22', 1, 110)",
        "INSERT INTO minute VALUES (1795305600, 'iio', '22/11/2026', 1, 110)",
        "INSERT INTO minute VALUES (1795305600, 'iio', '2026-11-22', 1, -5)",
        "INSERT INTO minute VALUES (1795305600, 'iio', '2026-11-22', NULL, 0)",
        "INSERT INTO minute VALUES (1795305600, 'iio', '2026-11-22', 'many', 0)",
        // day_total
        "INSERT INTO day_total VALUES ('2026-11-22', -3, 8000)",
        "INSERT INTO day_total VALUES ('2026-11-22', 10, 0)",
        "INSERT INTO day_total VALUES ('yesterday', 10, 8000)",
        "INSERT INTO day_total VALUES ('2026-11-22', 'ten', 8000)",
        // goal_change
        "INSERT INTO goal_change (effective_at, goal) VALUES (1, 0)",
        "INSERT INTO goal_change (effective_at, goal) VALUES (1, 1000001)",
        "INSERT INTO goal_change (effective_at, goal, changed_by) VALUES (1, 8000, -1)",
        "INSERT INTO goal_change (effective_at, goal) VALUES (NULL, 8000)",
        // milestone
        "INSERT INTO milestone VALUES ('2026-11-22', '', 100, 8000, 1)",
        "INSERT INTO milestone VALUES ('2026-11-22', '1x', -1, 8000, 1)",
        "INSERT INTO milestone VALUES ('2026-11-22', '1x', 8000, 0, 1)",
    ]

    @Test(arguments: badRows)
    func schemaRefusesBadRow(_ sql: String) throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let error = #expect(throws: SQLiteError.self) {
            try store.write { db in try db.execute(sql) }
        }
        #expect(error?.code.primary == .constraint, "\(String(describing: error))")
        let rows = try store.read { db in
            try db.value(Int.self, """
                SELECT (SELECT count(*) FROM minute) + (SELECT count(*) FROM day_total)
                     + (SELECT count(*) FROM goal_change) + (SELECT count(*) FROM milestone)
                """)
        }
        #expect(rows == 0)
    }

    @Test func schemaAcceptsGoodRows() throws {
        let store = try FootfallDatabase.inMemory()
        try store.write { db in
            try db.execute("INSERT INTO minute VALUES (1795305600, 'evdev', '2026-11-22', 0, 0)")
            try db.execute("INSERT INTO minute VALUES (1795305600, 'hardware-steps', '2026-11-22', 12, 0)")
            try db.execute("INSERT INTO day_total VALUES ('2026-11-22', 0, 1)")
            try db.execute("INSERT INTO goal_change (effective_at, goal, changed_by) VALUES (1.5, 1000000, 4294967295)")
            try db.execute("INSERT INTO milestone VALUES ('2026-11-22', '50%', 4000, 8000, 2.5)")
        }
    }

    /// A store written by a release before the chip's step counter (schema v1) keeps every row
    /// through the v2 migration, and then takes minutes from the new source beside the old ones.
    @Test func aVersion1StoreKeepsItsMinutesAndTakesHardwareStepMinutes() throws {
        let fixture = try StoreFixture()
        try FileManager.default.createDirectory(atPath: fixture.directory, withIntermediateDirectories: true)
        do {
            let db = try SQLiteConnection(path: fixture.databasePath)
            try StoreSchema.migrate(db, path: fixture.databasePath, busyTimeout: .seconds(1), upTo: StoreSchema.initial)
            try db.transaction {
                try db.execute("INSERT INTO minute VALUES (1795305600, 'iio', '2026-11-22', 40, 4400)")
                try db.execute("INSERT INTO minute VALUES (1795305660, 'evdev', '2026-11-22', 2, 200)")
                try db.execute("INSERT INTO day_total VALUES ('2026-11-22', 42, 8000)")
                #expect(throws: SQLiteError.self) {
                    try db.execute("INSERT INTO minute VALUES (1795305600, 'hardware-steps', '2026-11-22', 1, 0)")
                }
            }
        }
        let store = try fixture.open()
        let schema = try store.read { db in try Schema(db) }
        #expect(schema.migrations == [StoreSchema.initial, StoreSchema.hardwareSteps])
        #expect(schema.indexedColumns["minute"]?.contains(["day"]) == true)
        try store.write(StoreBatch(minutes: [MinuteDelta(start: minuteStart(0), source: .hardwareSteps, day: localDay("2026-11-22"),
                                                         steps: 30, cadenceSum: 0)]))
        let minutes = try store.minutes(from: minuteStart(0), to: minuteStart(2))
        #expect(minutes.map(\.source) == [.hardwareSteps, .iio, .evdev])
        #expect(minutes.map(\.steps) == [30, 40, 2])
        #expect(minutes.map(\.cadence) == [0, 110, 100])
        #expect(try store.dayTotal(localDay("2026-11-22")) == 72)
    }
}
