#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Logging

extension FootfallDatabase {
    /// Moves a corrupt database aside so that a fresh one can be opened in its place: renames
    /// `footfall.sqlite` to `footfall.sqlite.corrupt-<UTC timestamp>`, and its `-wal` and
    /// `-shm` files alongside (a stale WAL next to a fresh file must not be replayed into it).
    /// Nothing is deleted: the old file can be inspected or salvaged (`sqlite3 FILE .recover`).
    ///
    /// The recovery path for the daemon: when ``open(directory:logger:busyTimeout:)`` or a
    /// write throws ``StoreError/corrupt(path:code:message:)``, release every store open on the
    /// directory, call this, open again, and write the steps it holds in memory (today's count
    /// since it started) in a batch, so today's total is not lost; earlier history stays in the
    /// quarantined file.
    /// - Parameters:
    ///   - directory: the state directory given to `open`.
    ///   - logger: where to log the move (at info).
    /// - Returns: the new path of the database file, or nil when there was no file to move.
    /// - Throws: ``StoreError/cannotQuarantine(path:errno:)`` when a rename fails.
    @discardableResult
    public static func quarantine(directory: String, logger: Logger) throws(StoreError) -> String? {
        let path = StateFiles.databasePath(in: directory)
        guard StateFiles.exists(path) else { return nil }
        let stamp = StateFiles.timestamp()
        var target = "\(path).corrupt-\(stamp)"
        var attempt = 1
        while StateFiles.exists(target) {
            attempt += 1
            target = "\(path).corrupt-\(stamp)-\(attempt)"
        }
        // The WAL and shared memory first: if one cannot move, the database stays where it is
        // with them, as it was, rather than a fresh file beside a stale WAL.
        for suffix in ["-wal", "-shm", ""] where StateFiles.exists(path + suffix) {
            if rename(path + suffix, target + suffix) != 0 {
                throw .cannotQuarantine(path: path + suffix, errno: errno)
            }
        }
        logger.info("Moved a corrupt step store aside", metadata: ["store.path": "\(path)", "store.moved_to": "\(target)"])
        return target
    }
}
