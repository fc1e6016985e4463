import GRDB

extension FootfallDatabase {
    /// The steps of one day, all sources together; 0 for a day without steps.
    /// - Parameter day: the local day, "YYYY-MM-DD".
    /// - Throws: ``StoreError`` if the database cannot be read.
    public func dayTotal(_ day: String) throws(StoreError) -> Int {
        try perform("read the total of \(day)") {
            try writer.read { db in try StoredDayTotal.fetchOne(db, key: day)?.steps ?? 0 }
        }
    }

    /// The totals of the days from `from` to `to`, both included, oldest first; days without a
    /// row (no steps and no goal recorded) are left out.
    /// - Parameters:
    ///   - from: the first day, "YYYY-MM-DD".
    ///   - to: the last day, "YYYY-MM-DD".
    /// - Throws: ``StoreError`` if the database cannot be read.
    public func days(from: String, to: String) throws(StoreError) -> [DayTotal] {
        try perform("read days \(from) to \(to)") {
            try writer.read { db in
                try StoredDayTotal
                    .filter(StoredDayTotal.Columns.day >= from && StoredDayTotal.Columns.day <= to)
                    .order(StoredDayTotal.Columns.day)
                    .fetchAll(db)
                    .map(\.total)
            }
        }
    }

    /// The minutes, of every source, that start in `[from, to)`, oldest first (and by source
    /// within a minute). Minutes deleted by retention are gone.
    /// - Parameters:
    ///   - from: Unix seconds, included.
    ///   - to: Unix seconds, excluded.
    /// - Throws: ``StoreError`` if the database cannot be read.
    public func minutes(from: Int64, to: Int64) throws(StoreError) -> [MinuteRow] {
        try perform("read minutes") {
            try writer.read { db in
                try StoredMinute
                    .filter(StoredMinute.Columns.start >= from && StoredMinute.Columns.start < to)
                    .order(StoredMinute.Columns.start, Column("source"))
                    .fetchAll(db)
                    .map(\.row)
            }
        }
    }

    /// All steps ever stored, from the day totals (so retention does not reduce it).
    /// - Throws: ``StoreError`` if the database cannot be read.
    public func lifetimeTotal() throws(StoreError) -> Int {
        try perform("read the lifetime total") {
            try writer.read { db in
                try Int.fetchOne(db, sql: "SELECT coalesce(sum(steps), 0) FROM day_total") ?? 0
            }
        }
    }

    /// The milestones reached on a day, in the order they were reached.
    /// - Parameter day: the local day, "YYYY-MM-DD".
    /// - Throws: ``StoreError`` if the database cannot be read.
    public func milestones(day: String) throws(StoreError) -> [MilestoneRecord] {
        try perform("read the milestones of \(day)") {
            try writer.read { db in
                try StoredMilestone
                    .filter(StoredMilestone.Columns.day == day)
                    .order(StoredMilestone.Columns.reachedAt, StoredMilestone.Columns.milestone)
                    .fetchAll(db)
                    .map(\.record)
            }
        }
    }

    /// Every goal change, oldest first (in the order they were written).
    /// - Throws: ``StoreError`` if the database cannot be read.
    public func goalChanges() throws(StoreError) -> [GoalChange] {
        try perform("read the goal history") {
            try writer.read { db in
                try StoredGoalChange.order(StoredGoalChange.Columns.id).fetchAll(db).map(\.change)
            }
        }
    }

    /// Runs SQLite's `PRAGMA integrity_check` over the whole file.
    /// - Returns: the problems found, one per line, or `["ok"]` when there are none.
    /// - Throws: ``StoreError``; `.corrupt` when the damage stops the check itself.
    public func integrityCheck() throws(StoreError) -> [String] {
        try perform("check the database's integrity") {
            try writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        }
    }
}
