#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallGoals
import FootfallStore
import Logging

/// What footfalld does with a damaged store, at start and while running, in one place.
///
/// The rule: a database that is corrupt (unreadable, failing its integrity check, or failing a
/// write with SQLITE_CORRUPT) is moved aside (`footfall.sqlite.corrupt-<time>`, never deleted:
/// its history is there for `sqlite3 FILE .recover`), a fresh one takes its place, and today is
/// carried over into it: each minute under its own source and start, the rest of the day's
/// count as steps without a minute (never a made-up minute), today's goal, milestones and the
/// goal history. The log says what happened, at critical.
public enum StoreRecovery {
    /// Opens the store in `directory`, recovering it if it is damaged.
    /// - Parameters:
    ///   - directory: the state directory.
    ///   - today: the day to carry over from a damaged store.
    ///   - boundary: where `today` starts and ends, for its minutes.
    ///   - logger: the daemon's logger, for what recovery did.
    ///   - storeLogger: the store's own logger.
    /// - Throws: `StoreError` when the store can neither be opened nor replaced.
    public static func open(directory: String, today: LocalDay, boundary: DayBoundary,
                            logger: Logger, storeLogger: Logger) throws(StoreError) -> StoreHandle {
        var salvaged = StoreBatch()
        switch openChecked(directory: directory, logger: storeLogger) {
        case .healthy(let database):
            return StoreHandle(database, directory: directory, logger: storeLogger)
        case .damaged(let database, let check):
            // Damaged pages: keep what today's rows still give.
            salvaged = salvage(today, boundary: boundary, from: database)
            try? database.close()
            logger.critical("the step store failed its integrity check", metadata: ["store.check": "\(check.prefix(3))"])
        case .corrupt(let error):
            logger.critical("the step store is corrupt", metadata: ["error": "\(error)"])
        case .failed(let error):
            throw error
        }
        let moved = try FootfallDatabase.quarantine(directory: directory, logger: storeLogger)
        let fresh = try FootfallDatabase.open(directory: directory, logger: storeLogger)
        if !salvaged.isEmpty { try fresh.write(salvaged) }
        logger.critical("moved the damaged store aside and started a new one",
                        metadata: ["store.quarantined": "\(moved ?? "-")", "steps.today.salvaged": "\(salvaged.steps)"])
        return StoreHandle(fresh, directory: directory, logger: storeLogger)
    }

    /// Replaces a store a write found corrupt while running: moves it aside, opens a fresh one and
    /// writes into it today as the ledger knows it (`today`) and what the failed batch had for
    /// other days.
    /// - Returns: the batch now stored, whose milestones can be announced.
    /// - Throws: `StoreError` when the store cannot be replaced or written; the caller keeps the
    ///   failed batch in memory then.
    public static func replace(_ handle: StoreHandle, failed batch: StoreBatch, today: StoreBatch, day: LocalDay,
                               error: StoreError, logger: Logger) throws(StoreError) -> StoreBatch {
        guard let directory = handle.directory else { throw error }
        try? handle.current.close()
        let moved = try FootfallDatabase.quarantine(directory: directory, logger: handle.logger)
        let fresh = try FootfallDatabase.open(directory: directory, logger: handle.logger)
        handle.replace(with: fresh)
        var carried = today
        carried.minutes += batch.minutes.filter { $0.day != day }
        for (other, goal) in batch.dayGoals where other != day { carried.dayGoals[other] = goal }
        carried.milestones += batch.milestones.filter { $0.day != day }
        try fresh.write(carried)
        var path = fresh.path ?? directory, message = "\(error)"
        if case .corrupt(let corruptPath, _, let sqliteMessage) = error { (path, message) = (corruptPath, sqliteMessage) }
        logger.critical("the step store was corrupt; moved it aside and wrote today's count to a new one",
                        metadata: ["store.path": "\(path)", "store.quarantined": "\(moved ?? "-")",
                                   "steps.today": "\(today.steps)", "error": "\(message)"])
        return StoreBatch(milestones: batch.milestones)
    }

    /// What opening the store found.
    enum OpenOutcome {
        case healthy(FootfallDatabase)
        case damaged(FootfallDatabase, [String])
        case corrupt(StoreError)
        case failed(StoreError)
    }

    /// Opens the store and runs SQLite's integrity check over it.
    static func openChecked(directory: String, logger: Logger) -> OpenOutcome {
        let database: FootfallDatabase
        do {
            database = try FootfallDatabase.open(directory: directory, logger: logger)
        } catch {
            if case .corrupt = error { return .corrupt(error) }
            return .failed(error)
        }
        do {
            let check = try database.integrityCheck()
            return check == ["ok"] ? .healthy(database) : .damaged(database, check)
        } catch {
            if case .corrupt = error { return .damaged(database, ["\(error)"]) }
            return .failed(error)
        }
    }

    /// What a damaged store still gives of `day`: its minutes that can be read, each with its own
    /// source, start and cadence; the rest of its total as steps without a minute; its goal, its
    /// milestones, and the goal history. Whatever cannot be read is left out.
    static func salvage(_ day: LocalDay, boundary: DayBoundary, from database: FootfallDatabase) -> StoreBatch {
        guard let total = try? database.days(from: day, to: day).first else { return StoreBatch() }
        let start = Int64(boundary.start(of: day).timeIntervalSince1970)
        let end = Int64(boundary.start(of: day.next).timeIntervalSince1970)
        let minutes = ((try? database.minutes(from: start, to: end)) ?? []).filter { $0.day == day }.map(\.delta)
        let inMinutes = minutes.reduce(0) { $0 + $1.steps }
        let rest = total.steps - inMinutes
        return StoreBatch(minutes: minutes, stepsWithoutMinutes: rest > 0 ? [day: rest] : [:], dayGoals: [day: total.goal],
                          milestones: (try? database.milestones(day: day)) ?? [],
                          goalChanges: (try? database.goalChanges()) ?? [])
    }
}
