#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file mapped read-only into memory, so parsing reads the page cache directly, with no copy.
final class MappedFile {
    let bytes: UnsafeBufferPointer<UInt8>
    private let mappedLength: Int

    /// Maps the whole file at `path`.
    /// - Throws: `TraceError` with `.unreadable` when it cannot be opened, is not a regular
    ///   file or cannot be mapped.
    init(path: String) throws(TraceError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TraceError(path: path, reason: .unreadable(Self.describe(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw TraceError(path: path, reason: .unreadable(Self.describe(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw TraceError(path: path, reason: .unreadable((info.st_mode & S_IFMT) == S_IFDIR ? "it is a directory" : "not a regular file"))
        }
        let length = Int(info.st_size)
        mappedLength = length
        guard length > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let address, address != MAP_FAILED else {
            throw TraceError(path: path, reason: .unreadable(Self.describe(errno)))
        }
        madvise(address, length, MADV_SEQUENTIAL)
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: length)
    }

    deinit {
        if let base = bytes.baseAddress {
            munmap(UnsafeMutableRawPointer(mutating: base), mappedLength)
        }
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
