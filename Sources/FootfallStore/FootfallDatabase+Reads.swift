import FootfallGoals
import GRDB

extension FootfallDatabase {
    /// The steps of one day, all sources together; 0 for a day without steps.
    /// - Parameter day: the local day.
    /// - Throws: ``StoreError`` if the database cannot be read.
    public func dayTotal(_ day: LocalDay) throws(StoreError) -> Int {
        try perform("read the total of \(day)") {
            try writer.read { db in try DayTotal.fetchOne(db, key: day)?.steps ?? 0 }
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
            try writer.read { db in
                try DayTotal
                    .filter(DayTotal.Columns.day >= from && DayTotal.Columns.day <= to)
                    .order(DayTotal.Columns.day)
                    .fetchAll(db)
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
                try MinuteRow
                    .filter(MinuteRow.Columns.start >= from && MinuteRow.Columns.start < to)
                    .order(MinuteRow.Columns.start, MinuteRow.Columns.source)
                    .fetchAll(db)
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
    /// - Parameter day: the local day.
    /// - Throws: ``StoreError`` if the database cannot be read.
    public func milestones(day: LocalDay) throws(StoreError) -> [MilestoneRecord] {
        try perform("read the milestones of \(day)") {
            try writer.read { db in
                try MilestoneRecord
                    .filter(MilestoneRecord.Columns.day == day)
                    .order(MilestoneRecord.Columns.reachedAt, MilestoneRecord.Columns.milestone)
                    .fetchAll(db)
            }
        }
    }

    /// Every goal change, oldest first (in the order they were written).
    /// - Throws: ``StoreError`` if the database cannot be read.
    public func goalChanges() throws(StoreError) -> [GoalChange] {
        try perform("read the goal history") {
            try writer.read { db in
                try GoalChange.order(GoalChange.Columns.id).fetchAll(db)
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
