import FootfallRandom
import Foundation
import FootfallSQLite
import Testing
@testable import FootfallStore

/// A database locked by someone else, a corrupt file and a full disk: a clear error, no hang,
/// nothing half written, and a way back.
struct FaultTests {
    let batch = StoreBatch(minutes: [delta(minute: 600, 25)], dayGoals: [localDay("2026-11-22"): 8000])

    @Test func aWriteLockHeldElsewhereFailsAfterTheBusyTimeoutThenWritesResume() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let other = try SQLiteConnection(path: fixture.databasePath)
        try other.execute("BEGIN EXCLUSIVE")

        let clock = ContinuousClock()
        let started = clock.now
        do {
            try store.write(batch)
            Issue.record("wrote through an exclusive lock")
        } catch {
            let waited = started.duration(to: clock.now)
            guard case .locked(let path, let code, let timeout) = error else { Issue.record("got \(error)"); return }
            #expect(path == fixture.databasePath)
            #expect(code & 0xFF == SQLiteResultCode.busy.rawValue)
            #expect(timeout == .seconds(2))
            #expect(waited >= .milliseconds(1900) && waited < .seconds(10))
            #expect(error.description.contains("fuser -v \(fixture.databasePath)"))
        }
        // Readers are not blocked by a writer in WAL mode: status queries go on meanwhile.
        #expect(try store.dayTotal(localDay("2026-11-22")) == 0)

        try other.execute("ROLLBACK")
        try store.write(batch)
        #expect(try store.dayTotal(localDay("2026-11-22")) == 25)
    }

    @Test func aFileOfGarbageIsCorruptAndQuarantineMakesRoomForAFreshStore() throws {
        let fixture = try StoreFixture()
        try FileManager.default.createDirectory(atPath: fixture.directory, withIntermediateDirectories: true)
        var random = SeededRandom(seed: 26)
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &random) })
        try garbage.write(to: URL(fileURLWithPath: fixture.databasePath))

        do {
            _ = try fixture.open()
            Issue.record("opened a file of garbage")
        } catch {
            guard case .corrupt(let path, let code, _) = error else { Issue.record("got \(error)"); return }
            #expect(path == fixture.databasePath)
            #expect(code == SQLiteResultCode.notADatabase.rawValue)
            #expect(error.description.contains("is corrupt"))
            #expect(error.description.contains(fixture.databasePath))
        }

        // Companions left by a crash (SQLite itself deletes a WAL this short when it opens, so
        // they are put there now): they must go with the database, or a fresh file would meet them.
        _ = FileManager.default.createFile(atPath: fixture.databasePath + "-wal", contents: Data("stale".utf8))
        _ = FileManager.default.createFile(atPath: fixture.databasePath + "-shm", contents: Data("shm".utf8))
        let moved = try #require(try FootfallDatabase.quarantine(directory: fixture.directory, logger: quietLogger))
        #expect(moved.hasPrefix(fixture.databasePath + ".corrupt-"))
        #expect(FileManager.default.contents(atPath: moved) == garbage)
        #expect(FileManager.default.contents(atPath: moved + "-wal") == Data("stale".utf8))
        #expect(!FileManager.default.fileExists(atPath: fixture.databasePath))
        #expect(FileManager.default.contents(atPath: moved + "-shm") == Data("shm".utf8))
        #expect(!FileManager.default.fileExists(atPath: fixture.databasePath + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: fixture.databasePath + "-shm"))

        // The daemon's recovery: a fresh store, and today's in-memory count written again.
        let store = try fixture.open()
        #expect(try store.integrityCheck() == ["ok"])
        try store.write(batch)
        #expect(try store.dayTotal(localDay("2026-11-22")) == 25)

        // A second quarantine the same second does not overwrite the first.
        let again = try #require(try FootfallDatabase.quarantine(directory: fixture.directory, logger: quietLogger))
        #expect(again != moved)
        #expect(FileManager.default.contents(atPath: moved) == garbage)
    }

    @Test func quarantineWithoutADatabaseMovesNothing() throws {
        let fixture = try StoreFixture()
        #expect(try FootfallDatabase.quarantine(directory: fixture.directory, logger: quietLogger) == nil)
    }

    @Test func damagedPagesAreFoundByTheIntegrityCheck() throws {
        let fixture = try StoreFixture()
        do {
            let store = try fixture.open()
            try store.write(StoreBatch(minutes: (0..<1000).map { delta(minute: $0, 1) }, dayGoals: [localDay("2026-11-22"): 8000]))
        }  // closing the last connection checkpoints the WAL into the file
        let handle = try #require(FileHandle(forUpdatingAtPath: fixture.databasePath))
        let size = try handle.seekToEnd()
        #expect(size > 4096 * 3)
        var random = SeededRandom(seed: 11)
        try handle.seek(toOffset: 4096 * 2)
        try handle.write(contentsOf: Data((0..<Int(size - 4096 * 2)).map { _ in UInt8.random(in: 0...255, using: &random) }))
        try handle.close()

        do {
            let store = try fixture.open()
            let problems = try store.integrityCheck()
            #expect(problems != ["ok"])
        } catch {
            guard case .corrupt = error else { Issue.record("got \(error)"); return }
        }
    }

    @Test func aFullDiskFailsTheWholeBatchAndWritesResumeWhenSpaceReturns() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try store.write(batch)
        // Cap the file at its current size: SQLite then fails as on a full file system.
        try store.writer.with { db in
            let pages = try #require(try db.value(Int.self, "PRAGMA page_count"))
            try db.execute("PRAGMA max_page_count = \(pages)")
        }
        let big = StoreBatch(minutes: (0..<2000).map { delta(minute: $0, 3) }, dayGoals: [localDay("2026-11-22"): 8000])
        #expect(throws: StoreError.diskFull(path: fixture.databasePath, code: SQLiteResultCode.full.rawValue,
                                            unsavedSteps: 6000)) {
            try store.write(big)
        }
        #expect(try store.dayTotal(localDay("2026-11-22")) == 25)
        #expect(try store.minutes(from: 0, to: .max).count == 1)

        try store.writer.with { db in try db.execute("PRAGMA max_page_count = 1073741823") }
        try store.write(big)
        #expect(try store.dayTotal(localDay("2026-11-22")) == 6025)
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func messagesSayWhatToDo() {
        let full = StoreError.diskFull(path: "/var/lib/footfall/footfall.sqlite", code: 13, unsavedSteps: 120)
        #expect(full.description.contains("120 steps are kept in memory and will be written when space returns"))
        #expect(full.description.contains("df -h /var/lib/footfall"))
        #expect(full.resultCode == 13)
        let open = StoreError.cannotOpen(path: "/var/lib/footfall/footfall.sqlite", code: 8, message: "attempt to write a readonly database")
        #expect(open.description.contains("chown -R USER: /var/lib/footfall"))
        let directory = StoreError.cannotCreateDirectory(path: "/var/lib/footfall", errno: EACCES)
        #expect(directory.description.contains("Permission denied"))
        #expect(directory.errno == EACCES && directory.resultCode == nil)
        #expect(StoreError.locked(path: "/x/footfall.sqlite", code: 5, waited: .milliseconds(250)).description.contains("waited 250 ms"))
    }
}
