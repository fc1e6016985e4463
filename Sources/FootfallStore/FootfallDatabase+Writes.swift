import FootfallGoals
import FootfallSQLite

extension FootfallDatabase {
    /// Writes one flush in one transaction, and returns once it is committed; on error nothing
    /// of it is stored. Minute deltas add to their minute's row (creating it), and the same
    /// steps add to their day's total, as do `stepsWithoutMinutes`; each day in `dayGoals`
    /// records that goal; milestones are
    /// stored unless the day already has them; goal changes are appended. An empty batch
    /// writes nothing.
    /// - Parameter batch: what changed since the last flush.
    /// - Throws: ``StoreError``: `.diskFull` (with the batch's steps, to keep in memory and
    ///   write again), `.locked`, `.corrupt`, `.cannotOpen`, or `.invalidBatch` when the batch
    ///   breaks a rule of the schema or has minutes for a new day without its goal.
    public func write(_ batch: StoreBatch) throws(StoreError) {
        guard !batch.isEmpty else { return }
        try perform("write a batch", unsavedSteps: batch.steps) {
            try write { db in try Self.apply(batch, in: db) }
        }
    }

    /// The statements of one batch, inside the caller's transaction.
    private static func apply(_ batch: StoreBatch, in db: SQLiteConnection) throws {
        var stepsByDay = batch.stepsWithoutMinutes
        for delta in batch.minutes {
            try StoredMinute.add(delta, in: db)
            stepsByDay[delta.day, default: 0] += delta.steps
        }
        // Sorted so a batch always runs the same statements in the same order.
        for day in Set(stepsByDay.keys).union(batch.dayGoals.keys).sorted() {
            let steps = stepsByDay[day] ?? 0
            if let goal = batch.dayGoals[day] {
                try DayTotal.add(steps: steps, to: day, goal: goal, in: db)
            } else if try !DayTotal.add(steps: steps, to: day, in: db) {
                throw StoreError.invalidBatch(
                    reason: "it has minutes for \(day), a day without a total yet, but no goal for it in dayGoals",
                    code: nil)
            }
        }
        for milestone in batch.milestones {
            try milestone.insertUnlessPresent(in: db)
        }
        for change in batch.goalChanges {
            try change.insert(in: db)
        }
    }

    /// Deletes the minutes that start before `start` (the optional retention); day totals,
    /// milestones and goal changes stay.
    /// - Parameter start: Unix seconds; minutes starting earlier are deleted.
    /// - Returns: how many minute rows were deleted.
    /// - Throws: ``StoreError``, as for ``write(_:)``.
    public func deleteMinutes(before start: Int64) throws(StoreError) -> Int {
        let deleted = try perform("delete old minutes") {
            try write { db in try db.run("DELETE FROM minute WHERE start < ?", [start.sqliteValue]) }
        }
        if deleted > 0 {
            logger.info("Deleted old minutes", metadata: ["store.deleted": "\(deleted)", "store.before": "\(start)"])
        }
        return deleted
    }
}
