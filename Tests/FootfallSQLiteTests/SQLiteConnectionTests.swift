import Foundation
import FootfallSQLite
import Testing

/// SQLite through `SQLiteConnection`, on real files in a temporary folder: values go in and
/// come back as their types, failures carry SQLite's extended codes, transactions are all or
/// nothing, and a closed connection refuses work.
struct SQLiteConnectionTests {
    /// A folder of its own, removed when the value goes.
    final class Folder {
        let path = NSTemporaryDirectory() + "footfall-sqlite-" + UUID().uuidString
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func valuesComeBackAsTheyWentIn() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n INTEGER) STRICT")
        let changed = try db.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)",
                                 [.integer(-9_007_199_254_740_993), .real(0.1), .text("grüße\u{0}x"), .blob([0, 255, 7]), .null])
        #expect(changed == 1)
        let rows = try db.rows("SELECT i, r, s, b, n FROM t") { row throws(SQLiteError) in (0..<row.count).map { row[$0] } }
        #expect(rows == [[.integer(-9_007_199_254_740_993), .real(0.1), .text("grüße\u{0}x"), .blob([0, 255, 7]), .null]])
        #expect(try db.value(Int64.self, "SELECT i FROM t") == -9_007_199_254_740_993)
        #expect(try db.value(Double.self, "SELECT r FROM t") == 0.1)
        #expect(try db.value(String.self, "SELECT s FROM t") == "grüße\u{0}x")
        #expect(try db.value(Int?.self, "SELECT n FROM t") == .some(nil))
        #expect(try db.value(Int.self, "SELECT i FROM t WHERE 0") == nil, "no row")
        #expect(try db.values(Int.self, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3) SELECT x FROM c") == [1, 2, 3])
    }

    @Test func aValueOfTheWrongTypeIsAMismatchNamingTheColumn() throws {
        let db = try SQLiteConnection(path: ":memory:")
        let error = #expect(throws: SQLiteError.self) {
            _ = try db.value(Int.self, "SELECT 'many' AS steps")
        }
        #expect(error?.code == .mismatch)
        #expect(error?.message == "column steps holds text(\"many\"), not a Int")
        #expect(throws: SQLiteError.self) { _ = try db.value(Int.self, "SELECT NULL") }
        #expect(throws: SQLiteError.self) { _ = try db.value(UInt32.self, "SELECT -1") }
        #expect(try db.value(Double.self, "SELECT 3") == 3, "an integer reads as a real")
    }

    @Test func failuresCarryTheExtendedCodeTheMessageAndTheStatement() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (x INTEGER NOT NULL CHECK (x >= 0)) STRICT")
        let check = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO t VALUES (?)", [.integer(-1)]) }
        #expect(check?.code.primary == .constraint)
        #expect(check?.code.rawValue == 275, "SQLITE_CONSTRAINT_CHECK")
        #expect(check?.message == "CHECK constraint failed: x >= 0")
        #expect(check?.sql == "INSERT INTO t VALUES (?)")
        let syntax = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO nowhere VALUES (1)") }
        #expect(syntax?.code == .error)
        #expect(syntax?.message == "no such table: nowhere")
        let arguments = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO t VALUES (?)", []) }
        #expect(arguments?.message == "0 arguments for 1 parameters")
    }

    @Test func aTransactionIsAllOrNothing() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (x INTEGER NOT NULL CHECK (x >= 0)) STRICT")
        #expect(throws: SQLiteError.self) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (1)")
                try db.run("INSERT INTO t VALUES (-1)")
            }
        }
        #expect(!db.isInTransaction)
        #expect(try db.value(Int.self, "SELECT count(*) FROM t") == 0)
        let sum: Int = try db.transaction {
            try db.run("INSERT INTO t VALUES (1)")
            try db.run("INSERT INTO t VALUES (2)")
            return try db.value(Int.self, "SELECT sum(x) FROM t") ?? 0
        }
        #expect(sum == 3)
        #expect(try db.value(Int.self, "SELECT count(*) FROM t") == 2)
    }

    @Test func aLockHeldByAnotherConnectionIsBusyAfterTheTimeout() throws {
        let folder = try Folder()
        let path = folder.path + "/db.sqlite"
        let writer = try SQLiteConnection(path: path)
        #expect(try writer.value(String.self, "PRAGMA journal_mode = WAL") == "wal")
        try writer.execute("CREATE TABLE t (x INTEGER)")
        let other = try SQLiteConnection(path: path, mode: .readWrite)
        try other.execute("BEGIN EXCLUSIVE")
        writer.setBusyTimeout(.milliseconds(50))
        let busy = #expect(throws: SQLiteError.self) { try writer.transaction { try writer.run("INSERT INTO t VALUES (1)") } }
        #expect(busy?.code.primary == .busy)
        // In WAL mode a reader is not blocked by the writer's lock.
        #expect(try writer.value(Int.self, "SELECT count(*) FROM t") == 0)
        try other.execute("ROLLBACK")
        _ = try writer.transaction { try writer.run("INSERT INTO t VALUES (1)") }
        #expect(try other.value(Int.self, "SELECT count(*) FROM t") == 1)
    }

    @Test func aFileThatIsNotADatabaseFailsAtItsFirstStatement() throws {
        let folder = try Folder()
        let path = folder.path + "/notes.txt"
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        let db = try SQLiteConnection(path: path, mode: .readWrite)
        let error = #expect(throws: SQLiteError.self) { _ = try db.value(Int.self, "SELECT count(*) FROM sqlite_master") }
        #expect(error?.code == .notADatabase)
        let missing = #expect(throws: SQLiteError.self) { _ = try SQLiteConnection(path: folder.path + "/no/such/dir/db", mode: .readWrite) }
        #expect(missing?.code.primary == .cannotOpen)
    }

    @Test func aClosedConnectionRefusesWorkAndClosesOnce() throws {
        let db = try SQLiteConnection(path: ":memory:")
        _ = try db.value(Int.self, "SELECT 1")  // a cached statement, finalised by close
        try db.close()
        try db.close()
        #expect(db.isClosed)
        let error = #expect(throws: SQLiteError.self) { _ = try db.value(Int.self, "SELECT 1") }
        #expect(error?.code == .misuse)
    }

    @Test func resultCodesSayWhatTheyAre() {
        #expect(SQLiteResultCode(rawValue: 517).primary == .busy, "SQLITE_BUSY_SNAPSHOT")
        #expect(SQLiteResultCode.full.description == "database or disk is full")
        #expect(SQLiteResultCode.notADatabase.description == "file is not a database")
    }
}
