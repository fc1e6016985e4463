#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes read in order, once: a file, or what its decompressor gives.
///
/// Readers of recordings take their bytes from a stream rather than a mapping of the whole
/// file, so a week-long recording, compressed or not, is read in constant memory.
public protocol ByteStream: AnyObject {
    /// Reads up to `buffer.count` bytes into `buffer`; 0 only at the end of the stream.
    /// - Throws: `TraceError` when the file cannot be read or its compressed data is damaged.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(TraceError) -> Int
    /// How far into the file on disk the stream has read, bytes (for a compressed file, of its
    /// compressed bytes): the numerator of a progress bar.
    var fileBytesRead: Int { get }
    /// The file's size on disk, bytes.
    var fileSize: Int { get }
}

/// A regular file read with `read(2)`, in the caller's buffer.
public final class FileByteStream: ByteStream, RandomAccessBytes {
    let path: String
    private let descriptor: Int32
    public let fileSize: Int
    public private(set) var fileBytesRead = 0

    /// Opens the file at `path`.
    /// - Throws: `TraceError` with `.unreadable` when it cannot be opened or is not a regular file.
    public init(path: String) throws(TraceError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TraceError(path: path, reason: .unreadable(FileByteStream.describe(errno))) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw TraceError(path: path, reason: .unreadable(FileByteStream.describe(code)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw TraceError(path: path, reason: .unreadable((info.st_mode & S_IFMT) == S_IFDIR ? "it is a directory" : "not a regular file"))
        }
        descriptor = fd
        fileSize = Int(info.st_size)
        // The file is read once, front to back: the kernel may read ahead and drop behind.
        _ = posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_SEQUENTIAL))
    }

    deinit { close(descriptor) }

    /// The system's message for an `errno` value, as the user reads it: "no such file or directory".
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// Reads at `offset` without moving the stream (`pread`): a zip archive's directory.
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(TraceError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = pread(descriptor, base, buffer.count, off_t(offset))
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw TraceError(path: path, offset: offset, reason: .unreadable(FileByteStream.describe(errno)))
        }
    }

    var size: Int { fileSize }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(TraceError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = Glibc.read(descriptor, base, buffer.count)
            if count >= 0 {
                fileBytesRead += count
                // Pages already parsed are not needed again: a week of CSV leaves no trace in
                // the page cache's share of this process.
                if fileBytesRead >= 64 << 20 && fileBytesRead % (64 << 20) < count {
                    _ = posix_fadvise(descriptor, 0, off_t(fileBytesRead - count), Int32(POSIX_FADV_DONTNEED))
                }
                return count
            }
            if errno == EINTR { continue }
            throw TraceError(path: path, offset: fileBytesRead, reason: .unreadable(FileByteStream.describe(errno)))
        }
    }
}

/// Bytes already in memory, read as a stream: a recording received whole (a fuzzer's input,
/// a test's fixture) read through the same path as a file.
public final class MemoryByteStream: ByteStream, RandomAccessBytes {
    private let bytes: [UInt8]
    public private(set) var fileBytesRead = 0
    public var fileSize: Int { bytes.count }

    /// A stream of a copy of `bytes`.
    public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = Array(bytes)
    }

    var size: Int { bytes.count }

    /// Reads at `offset`, whatever has been read as a stream.
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(TraceError) -> Int {
        let count = max(0, min(buffer.count, bytes.count - offset))
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: count) }
        return count
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(TraceError) -> Int {
        let count = min(buffer.count, bytes.count - fileBytesRead)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + fileBytesRead, byteCount: count)
        }
        fileBytesRead += count
        return count
    }
}
