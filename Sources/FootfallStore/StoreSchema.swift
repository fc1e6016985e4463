import FootfallSQLite

/// The store's schema, as named migrations. Migrations are append-only and written with
/// string literals only (never Swift types, which change): a shipped migration never changes,
/// a new release adds a new one at the end.
///
/// Applied migrations are recorded by name in `grdb_migrations (identifier TEXT NOT NULL
/// PRIMARY KEY)`: the table GRDB's migrator kept when the store was written through GRDB,
/// kept as it is so every store of an earlier release opens unchanged, and an earlier
/// release can still open a store of this one.
///
/// The invariants live in the schema so that no bug in Swift can store a bad row: NOT NULL
/// everywhere, CHECKs on every value, STRICT tables (SQLite 3.37+) so that a text cannot hide
/// in a number column, where SQLite would otherwise let '12' >= 0 pass as text.
enum StoreSchema {
    /// The name of the first migration.
    static let initial = "v1: minute, day_total, goal_change, milestone"

    /// The migration that admits the chip's step counter as a minute's source.
    static let hardwareSteps = "v2: minute.source may be 'hardware-steps'"

    /// One migration: its name, recorded once applied, and its statements.
    struct Migration {
        let identifier: String
        let sql: String
    }

    /// All migrations, in order.
    static let migrations: [Migration] = [
        // minute: one row per wall-clock minute and source. Rows are only ever added to
        // (deltas), so a minute revisited after the wall clock jumps back accumulates.
        // day_total: kept apart from minute so that retention, which deletes old minutes, keeps
        // every day's total; goal is the goal in effect when the day was last updated.
        // milestone: the primary key stores each milestone at most once per day.
        Migration(identifier: initial, sql: """
            CREATE TABLE minute (
                start INTEGER NOT NULL CHECK (start % 60 = 0),
                source TEXT NOT NULL CHECK (source IN ('iio', 'evdev', 'replay')),
                day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
                steps INTEGER NOT NULL CHECK (steps >= 0),
                cadence_sum REAL NOT NULL CHECK (cadence_sum >= 0),
                PRIMARY KEY (start, source)
            ) STRICT, WITHOUT ROWID;
            CREATE INDEX minute_on_day ON minute (day);
            CREATE TABLE day_total (
                day TEXT NOT NULL PRIMARY KEY CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
                steps INTEGER NOT NULL CHECK (steps >= 0),
                goal INTEGER NOT NULL CHECK (goal >= 1)
            ) STRICT, WITHOUT ROWID;
            CREATE TABLE goal_change (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                effective_at REAL NOT NULL,
                goal INTEGER NOT NULL CHECK (goal BETWEEN 1 AND 1000000),
                changed_by INTEGER CHECK (changed_by BETWEEN 0 AND 4294967295)
            ) STRICT;
            CREATE TABLE milestone (
                day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
                milestone TEXT NOT NULL CHECK (length(milestone) > 0),
                steps INTEGER NOT NULL CHECK (steps >= 0),
                goal INTEGER NOT NULL CHECK (goal >= 1),
                reached_at REAL NOT NULL,
                PRIMARY KEY (day, milestone)
            ) STRICT, WITHOUT ROWID;
            """),
        // A chip's own step counter is a source of its own. SQLite cannot change a CHECK in
        // place: the table is rebuilt with every row, as its docs prescribe.
        Migration(identifier: hardwareSteps, sql: """
            CREATE TABLE minute_v2 (
                start INTEGER NOT NULL CHECK (start % 60 = 0),
                source TEXT NOT NULL CHECK (source IN ('iio', 'evdev', 'replay', 'hardware-steps')),
                day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
                steps INTEGER NOT NULL CHECK (steps >= 0),
                cadence_sum REAL NOT NULL CHECK (cadence_sum >= 0),
                PRIMARY KEY (start, source)
            ) STRICT, WITHOUT ROWID;
            INSERT INTO minute_v2 (start, source, day, steps, cadence_sum)
                SELECT start, source, day, steps, cadence_sum FROM minute;
            DROP TABLE minute;
            ALTER TABLE minute_v2 RENAME TO minute;
            CREATE INDEX minute_on_day ON minute (day);
            """),
        // Migrations of later releases go here, after the ones above, which never change.
    ]

    /// The table that records applied migrations (GRDB's name and shape, see above).
    static let appliedTable = "grdb_migrations"

    /// The names of the migrations applied to the database, known or not, in no order.
    static func appliedIdentifiers(_ db: SQLiteConnection) throws(SQLiteError) -> Set<String> {
        let exists = try db.value(Int.self, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?",
                                  [.text(appliedTable)]) ?? 0
        guard exists > 0 else { return [] }
        return Set(try db.values(String.self, "SELECT identifier FROM \(appliedTable)"))
    }

    /// The names of the known migrations applied to the database, in the order they apply.
    static func appliedMigrations(_ db: SQLiteConnection) throws(SQLiteError) -> [String] {
        let applied = try appliedIdentifiers(db)
        return migrations.map(\.identifier).filter(applied.contains)
    }

    /// Applies the migrations not applied yet, in order, each in its own transaction with the
    /// record of it, so a failed one leaves the file as it was before it.
    /// - Throws: ``StoreError/migrationFailed(path:migration:code:message:)`` naming the
    ///   migration; a disk-full, locked, corrupt or unopenable file as itself.
    /// - Parameter last: the last migration to apply (tests build an older schema with it);
    ///   nil for all.
    static func migrate(_ db: SQLiteConnection, path: String, busyTimeout: Duration,
                        upTo last: String? = nil) throws(StoreError) {
        do {
            try db.execute("CREATE TABLE IF NOT EXISTS \(appliedTable) (identifier TEXT NOT NULL PRIMARY KEY)")
        } catch {
            throw StoreError(error, operation: "migrate the schema", path: path, unsavedSteps: 0, busyTimeout: busyTimeout)
        }
        let applied: Set<String>
        do {
            applied = try appliedIdentifiers(db)
        } catch {
            throw StoreError(error, operation: "migrate the schema", path: path, unsavedSteps: 0, busyTimeout: busyTimeout)
        }
        let end = last.flatMap { last in migrations.firstIndex { $0.identifier == last } }.map { $0 + 1 } ?? migrations.count
        for migration in migrations[..<end] where !applied.contains(migration.identifier) {
            do {
                try db.transaction {
                    try db.execute(migration.sql)
                    try db.run("INSERT INTO \(appliedTable) (identifier) VALUES (?)", [.text(migration.identifier)])
                }
            } catch {
                let classified = StoreError(error, operation: "migrate the schema", path: path, unsavedSteps: 0,
                                            busyTimeout: busyTimeout)
                switch classified {
                case .diskFull, .locked, .corrupt, .cannotOpen:
                    throw classified
                default:
                    let message = (error as? SQLiteError)?.message ?? String(describing: error)
                    throw .migrationFailed(path: path, migration: migration.identifier,
                                           code: classified.resultCode ?? SQLiteResultCode.error.rawValue, message: message)
                }
            }
        }
    }

    /// Whether the database has migrations this release does not know: a newer release wrote it.
    static func hasBeenSuperseded(_ db: SQLiteConnection) throws(SQLiteError) -> Bool {
        !(try appliedIdentifiers(db)).isSubset(of: Set(migrations.map(\.identifier)))
    }
}
