import GRDB

extension StoreError {
    /// Classifies an error thrown by GRDB while doing `operation` on `path`, so the caller
    /// can react to the cases it handles (disk full, locked, corrupt) and log the rest.
    /// - Parameters:
    ///   - error: what GRDB threw.
    ///   - operation: what was being done, as a verb phrase ("write a batch").
    ///   - path: the database file, or ":memory:".
    ///   - unsavedSteps: the steps a failed write did not store (for the disk-full message).
    ///   - busyTimeout: how long SQLite waited for a lock before giving up.
    init(_ error: any Error, operation: String, path: String, unsavedSteps: Int, busyTimeout: Duration) {
        if let error = error as? StoreError {
            self = error
            return
        }
        guard let error = error as? DatabaseError else {
            self = .sqlite(operation: operation, path: path, code: nil, message: String(describing: error))
            return
        }
        let code = error.extendedResultCode.rawValue
        let message = error.message ?? "unknown error"
        switch error.resultCode {
        case .SQLITE_FULL:
            self = .diskFull(path: path, code: code, unsavedSteps: unsavedSteps)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .locked(path: path, code: code, waited: busyTimeout)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            self = .corrupt(path: path, code: code, message: message)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH:
            self = .cannotOpen(path: path, code: code, message: message)
        case .SQLITE_CONSTRAINT:
            self = .invalidBatch(reason: message, code: code)
        default:
            self = .sqlite(operation: operation, path: path, code: code, message: message)
        }
    }
}
