import FootfallSQLite

extension StoreError {
    /// Classifies an error thrown while doing `operation` on `path`, so the caller can react
    /// to the cases it handles (disk full, locked, corrupt) and log the rest.
    /// - Parameters:
    ///   - error: what SQLite (or a caller's closure) threw.
    ///   - operation: what was being done, as a verb phrase ("write a batch").
    ///   - path: the database file, or ":memory:".
    ///   - unsavedSteps: the steps a failed write did not store (for the disk-full message).
    ///   - busyTimeout: how long SQLite waited for a lock before giving up.
    init(_ error: any Error, operation: String, path: String, unsavedSteps: Int, busyTimeout: Duration) {
        if let error = error as? StoreError {
            self = error
            return
        }
        guard let error = error as? SQLiteError else {
            self = .sqlite(operation: operation, path: path, code: nil, message: String(describing: error))
            return
        }
        let code = error.code.rawValue
        let message = error.message
        switch error.code.primary {
        case .full:
            self = .diskFull(path: path, code: code, unsavedSteps: unsavedSteps)
        case .busy, .locked:
            self = .locked(path: path, code: code, waited: busyTimeout)
        case .corrupt, .notADatabase:
            self = .corrupt(path: path, code: code, message: message)
        case .cannotOpen, .permission, .readOnly, .authorization:
            self = .cannotOpen(path: path, code: code, message: message)
        case .constraint:
            self = .invalidBatch(reason: message, code: code)
        default:
            self = .sqlite(operation: operation, path: path, code: code, message: message)
        }
    }
}
