#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FootfallVocabulary

/// Why the store could not be opened, read or written. Each message says what failed, on which
/// file, why, and what to do about it; the underlying SQLite result code (extended, as SQLite
/// reports it) or `errno` is kept.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The state directory is missing and cannot be created (`errno` from mkdir).
    case cannotCreateDirectory(path: String, errno: Int32)
    /// The database file is missing and cannot be created (`errno` from open).
    case cannotCreateFile(path: String, errno: Int32)
    /// SQLite cannot open or write the file: permissions, ownership, a read-only file system
    /// (SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_READONLY, SQLITE_AUTH).
    case cannotOpen(path: String, code: Int32, message: String)
    /// The file system is full (SQLITE_FULL). Nothing of the failed write was stored:
    /// `unsavedSteps` is what the caller must keep and write again later.
    case diskFull(path: String, code: Int32, unsavedSteps: Int)
    /// Another connection held a lock for longer than the busy timeout `waited`
    /// (SQLITE_BUSY, SQLITE_LOCKED). Nothing was written.
    case locked(path: String, code: Int32, waited: Duration)
    /// The file is damaged or is not a database (SQLITE_CORRUPT, SQLITE_NOTADB).
    /// ``FootfallDatabase/quarantine(directory:logger:)`` moves it aside.
    case corrupt(path: String, code: Int32, message: String)
    /// A schema migration failed; it was rolled back, so the file is as it was before it.
    case migrationFailed(path: String, migration: String, code: Int32, message: String)
    /// A batch breaks a rule of the schema (a CHECK or NOT NULL constraint, code kept) or has
    /// minutes for a day without a goal (no code). Nothing of it was written.
    case invalidBatch(reason: String, code: Int32?)
    /// A corrupt database could not be moved aside (`errno` from rename).
    case cannotQuarantine(path: String, errno: Int32)
    /// Any other SQLite failure, with the operation that failed.
    case sqlite(operation: String, path: String, code: Int32?, message: String)

    /// The SQLite result code (extended) behind the error, if it came from SQLite.
    public var resultCode: Int32? {
        switch self {
        case .cannotOpen(_, let code, _), .diskFull(_, let code, _), .locked(_, let code, _),
             .corrupt(_, let code, _), .migrationFailed(_, _, let code, _):
            return code
        case .invalidBatch(_, let code), .sqlite(_, _, let code, _):
            return code
        case .cannotCreateDirectory, .cannotCreateFile, .cannotQuarantine:
            return nil
        }
    }

    /// The `errno` behind the error, if it came from a system call rather than from SQLite.
    public var errno: Int32? {
        switch self {
        case .cannotCreateDirectory(_, let errno), .cannotCreateFile(_, let errno), .cannotQuarantine(_, let errno):
            return errno
        default:
            return nil
        }
    }

    /// What failed, on which file, why, and what to do about it, in one paragraph for the log.
    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let errno):
            return "Cannot create the state directory \(path): \(Self.describe(errno: errno)). "
                + Self.directoryFix(errno: errno, directory: path)
        case .cannotCreateFile(let path, let errno):
            return "Cannot create the database \(path): \(Self.describe(errno: errno)). "
                + Self.directoryFix(errno: errno, directory: Self.directory(of: path))
        case .cannotOpen(let path, let code, let message):
            let directory = Self.directory(of: path)
            return "Cannot open the database \(path) for writing (SQLite: \(message), code \(code)). "
                + "The state directory and the files in it must belong to the user footfalld runs as: "
                + "check with ls -la \(directory) and fix with sudo chown -R USER: \(directory); under systemd, "
                + "ProtectSystem=strict also needs the directory in StateDirectory= or ReadWritePaths=."
        case .diskFull(let path, let code, let unsavedSteps):
            let directory = Self.directory(of: path)
            let kept = unsavedSteps > 0
                ? " \(unsavedSteps) steps are kept in memory and will be written when space returns."
                : ""
            return "Cannot write to \(path): the disk is full (SQLite code \(code)).\(kept) "
                + "Free space on the file system that holds \(directory) (df -h \(directory))."
        case .locked(let path, let code, let waited):
            return "The database \(path) is locked by another process (waited \(Self.describe(waited)); SQLite code \(code)). "
                + "Only one footfalld may use a state directory: find the other process with "
                + "fuser -v \(path) \(path)-wal, stop it, and try again."
        case .corrupt(let path, let code, let message):
            return "The database \(path) is corrupt or not a database (SQLite: \(message), code \(code)). "
                + "To start afresh, stop footfalld and move it aside (mv \(path) \(path).corrupt, with its -wal "
                + "and -shm files); footfalld's recovery does this itself. Salvage its rows with "
                + "sqlite3 \(path).corrupt .recover > recovered.sql."
        case .migrationFailed(let path, let migration, let code, let message):
            return "Cannot bring the database \(path) up to date: migration '\(migration)' failed "
                + "(SQLite: \(message), code \(code)). It was rolled back and the file is as it was. "
                + "Keep a copy of the file and report the bug; to start afresh, move it aside."
        case .invalidBatch(let reason, _):
            return "The store refused a batch and wrote nothing of it: \(reason). This is a bug in the caller."
        case .cannotQuarantine(let path, let errno):
            return "Cannot move the corrupt database \(path) aside: \(Self.describe(errno: errno)). "
                + "Move or delete it by hand (mv \(path) \(path).corrupt, with its -wal and -shm files), then start footfalld again."
        case .sqlite(let operation, let path, let code, let message):
            let codeText = code.map { " (SQLite code \($0))" } ?? ""
            return "Cannot \(operation) in \(path): \(message)\(codeText)."
        }
    }

    /// `strerror` text for an errno value.
    static func describe(errno: Int32) -> String {
        String(cString: strerror(errno))
    }

    /// A short human form of a duration: "2 s", "250 ms".
    static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.wholeMilliseconds
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    /// The folder part of a path ("." for a bare name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// What to do when a file cannot be created in `directory`, by errno.
    private static func directoryFix(errno: Int32, directory: String) -> String {
        switch errno {
        case EACCES, EPERM:
            return "Create the state directory for the user footfalld runs as (sudo install -d -m 0700 -o USER \(directory); "
                + "under systemd, StateDirectory=footfall does it), or choose another with --state-dir."
        case EROFS:
            return "The file system is read-only: choose a writable state directory with --state-dir "
                + "(under systemd, StateDirectory= makes one writable despite ProtectSystem=strict)."
        case ENOSPC, EDQUOT:
            return "Free space on the file system that holds \(directory) (df -h \(directory))."
        case ENOTDIR, EEXIST:
            return "Something that is not a directory is in the way: remove it or choose another --state-dir."
        default:
            return "Check the state directory \(directory), or choose another with --state-dir."
        }
    }
}
