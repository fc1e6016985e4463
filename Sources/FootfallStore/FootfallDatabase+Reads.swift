import FootfallGoals
import FootfallSQLite

extension FootfallDatabase {
    /// The steps of one day, all sources together; 0 for a day without steps.
    /// - Parameter day: the local day.
    /// - Throws: ``StoreError`` if the database cannot be read.
    public func dayTotal(_ day: LocalDay) throws(StoreError) -> Int {
        try perform("read the total of \(day)") {
            try read { db in try db.value(Int.self, "SELECT steps FROM day_total WHERE day = ?", [day.sqliteValue]) ?? 0 }
        }
    }

    /// The totals of the days from `from` to `to`, both included, oldest first; days without a
    /// row (no steps and no goal recorded) are left out.
    /// - Parameters:
    ///   - from: the first day.
    ///   - to: the last day.
    /// - Throws: ``StoreError`` if the database cannot be read.
    public func days(from: LocalDay, to: LocalDay) throws(StoreError) -> [DayTotal] {
        try perform("read days \(from) to \(to)") {
            try read { db in
                try db.rows("SELECT \(DayTotal.columns) FROM day_total WHERE day >= ? AND day <= ? ORDER BY day",
                            [from.sqliteValue, to.sqliteValue], DayTotal.init(row:))
            }
        }
    }

    /// The minutes, of every source, that start in `[from, to)`, oldest first (and by source
    /// within a minute). Minutes deleted by retention are gone.
    /// - Parameters:
    ///   - from: Unix seconds, included.
    ///   - to: Unix seconds, excluded.
    /// - Throws: ``StoreError`` if the database cannot be read.
    public func minutes(from: Int64, to: Int64) throws(StoreError) -> [StoredMinute] {
        try perform("read minutes") {
            try read { db in
                try db.rows("SELECT \(StoredMinute.columns) FROM minute WHERE start >= ? AND start < ? ORDER BY start, source",
                            [from.sqliteValue, to.sqliteValue], StoredMinute.init(row:))
            }
        }
    }

    /// All steps ever stored, from the day totals (so retention does not reduce it).
    /// - Throws: ``StoreError`` if the database cannot be read.
    public func lifetimeTotal() throws(StoreError) -> Int {
        try perform("read the lifetime total") {
            try read { db in
                try db.value(Int.self, "SELECT coalesce(sum(steps), 0) FROM day_total") ?? 0
            }
        }
    }

    /// The milestones reached on a day, in the order they were reached.
    /// - Parameter day: the local day.
    /// - Throws: ``StoreError`` if the database cannot be read.
    public func milestones(day: LocalDay) throws(StoreError) -> [MilestoneRecord] {
        try perform("read the milestones of \(day)") {
            try read { db in
                try db.rows("SELECT \(MilestoneRecord.columns) FROM milestone WHERE day = ? ORDER BY reached_at, milestone",
                            [day.sqliteValue], MilestoneRecord.init(row:))
            }
        }
    }

    /// Every goal change, oldest first (in the order they were written).
    /// - Throws: ``StoreError`` if the database cannot be read.
    public func goalChanges() throws(StoreError) -> [GoalChange] {
        try perform("read the goal history") {
            try read { db in
                try db.rows("SELECT \(GoalChange.columns) FROM goal_change ORDER BY id", [], GoalChange.init(row:))
            }
        }
    }

    /// Runs SQLite's `PRAGMA integrity_check` over the whole file.
    /// - Returns: the problems found, one per line, or `["ok"]` when there are none.
    /// - Throws: ``StoreError``; `.corrupt` when the damage stops the check itself.
    public func integrityCheck() throws(StoreError) -> [String] {
        try perform("check the database's integrity") {
            try read { db in try db.values(String.self, "PRAGMA integrity_check") }
        }
    }
}
