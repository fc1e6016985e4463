import GRDB

/// The store's schema, as GRDB migrations. Migrations are named, append-only and written with
/// string literals only (never Swift types, which change): a shipped migration never changes,
/// a new release adds a new one at the end.
///
/// The invariants live in the schema so that no bug in Swift can store a bad row: NOT NULL
/// everywhere, CHECKs on every value, STRICT tables (SQLite 3.37+) so that a text cannot hide
/// in a number column, where SQLite would otherwise let '12' >= 0 pass as text.
enum StoreSchema {
    /// The name of the first migration.
    static let initial = "v1: minute, day_total, goal_change, milestone"

    /// The migration that admits the chip's step counter as a minute's source.
    static let hardwareSteps = "v2: minute.source may be 'hardware-steps'"

    /// All migrations, in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(initial) { db in
            // One row per wall-clock minute and source. Rows are only ever added to (deltas),
            // so a minute revisited after the wall clock jumps back accumulates.
            try db.execute(sql: """
                CREATE TABLE minute (
                    start INTEGER NOT NULL CHECK (start % 60 = 0),
                    source TEXT NOT NULL CHECK (source IN ('iio', 'evdev', 'replay')),
                    day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
                    steps INTEGER NOT NULL CHECK (steps >= 0),
                    cadence_sum REAL NOT NULL CHECK (cadence_sum >= 0),
                    PRIMARY KEY (start, source)
                ) STRICT, WITHOUT ROWID;
                CREATE INDEX minute_on_day ON minute (day);
                """)
            // Kept apart from minute so that retention, which deletes old minutes, keeps every
            // day's total; goal is the goal in effect when the day was last updated.
            try db.execute(sql: """
                CREATE TABLE day_total (
                    day TEXT NOT NULL PRIMARY KEY CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
                    steps INTEGER NOT NULL CHECK (steps >= 0),
                    goal INTEGER NOT NULL CHECK (goal >= 1)
                ) STRICT, WITHOUT ROWID;
                """)
            try db.execute(sql: """
                CREATE TABLE goal_change (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    effective_at REAL NOT NULL,
                    goal INTEGER NOT NULL CHECK (goal BETWEEN 1 AND 1000000),
                    changed_by INTEGER CHECK (changed_by BETWEEN 0 AND 4294967295)
                ) STRICT;
                """)
            // The primary key stores each milestone at most once per day.
            try db.execute(sql: """
                CREATE TABLE milestone (
                    day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
                    milestone TEXT NOT NULL CHECK (length(milestone) > 0),
                    steps INTEGER NOT NULL CHECK (steps >= 0),
                    goal INTEGER NOT NULL CHECK (goal >= 1),
                    reached_at REAL NOT NULL,
                    PRIMARY KEY (day, milestone)
                ) STRICT, WITHOUT ROWID;
                """)
        }
        migrator.registerMigration(hardwareSteps) { db in
            // A chip's own step counter is a source of its own. SQLite cannot change a CHECK in
            // place: the table is rebuilt with every row, as its docs prescribe.
            try db.execute(sql: """
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
                """)
        }
        // Migrations of later releases go here, after the ones above, which never change.
        return migrator
    }
}
