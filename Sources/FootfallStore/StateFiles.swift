#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of the state directory, made private before SQLite sees them. SQLite would
/// create the database with mode 0644 (less the umask); creating it ourselves with 0600 first
/// makes SQLite give the -wal and -shm files the same mode, as it copies the database's.
enum StateFiles {
    /// The database file in `directory`.
    static func databasePath(in directory: String) -> String {
        if directory.isEmpty { return FootfallDatabase.fileName }
        return directory.hasSuffix("/") ? directory + FootfallDatabase.fileName : directory + "/" + FootfallDatabase.fileName
    }

    /// Creates `path` and any missing parent with mode 0700, like `mkdir -p -m 0700`; an
    /// existing directory is left as it is (its mode is the administrator's choice).
    /// - Throws: ``StoreError/cannotCreateDirectory(path:errno:)``.
    static func createDirectory(_ path: String) throws(StoreError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            var status = stat()
            if stat(prefix, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw .cannotCreateDirectory(path: prefix, errno: ENOTDIR)
                }
                continue
            }
            guard errno == ENOENT else { throw .cannotCreateDirectory(path: prefix, errno: errno) }
            if mkdir(prefix, 0o700) != 0 {
                if errno == EEXIST { continue }  // created meanwhile by someone else
                throw .cannotCreateDirectory(path: prefix, errno: errno)
            }
            // The umask may have taken bits away; say exactly what we mean.
            _ = chmod(prefix, 0o700)
        }
    }

    /// Creates an empty file at `path` with mode 0600 unless it exists. SQLite takes an empty
    /// file for an empty database. An existing file's mode is left as it is.
    /// - Throws: ``StoreError/cannotCreateFile(path:errno:)``.
    static func createPrivateFile(_ path: String) throws(StoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            if errno == EEXIST { return }
            throw .cannotCreateFile(path: path, errno: errno)
        }
        _ = fchmod(descriptor, 0o600)
        _ = close(descriptor)
    }

    /// Whether something exists at `path` (a dangling symbolic link counts).
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// The current UTC time as "20261122T101500Z", for file names that sort by time.
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y%m%dT%H%M%SZ", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
