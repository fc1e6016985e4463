import Foundation
import FootfallSQLite

/// Damage as a failing SD card leaves it, made on purpose and in one place of a store's file,
/// so a test knows what can still be read.
public enum StoreDamage {
    /// Overwrites the root page of the table or index `name` with garbage. The file must have
    /// no write-ahead log left (the store closed cleanly).
    /// - Parameters:
    ///   - name: a table (`minute`) or an index (`minute_on_day`).
    ///   - path: the database file.
    public static func overwriteRootPage(of name: String, inDatabaseAt path: String) throws {
        let db = try SQLiteConnection(path: path, mode: .readWrite)
        let (root, pageSize) = (try db.value(Int.self, "SELECT rootpage FROM sqlite_master WHERE name = ?", [.text(name)]),
                                try db.value(Int.self, "PRAGMA page_size"))
        try db.close()
        guard let root, let pageSize else { throw DamageError.noSuchTree(name) }
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64((root - 1) * pageSize))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: pageSize))
    }

    /// Why the damage could not be made.
    public enum DamageError: Error {
        /// The database has no table or index of that name.
        case noSuchTree(String)
    }
}
