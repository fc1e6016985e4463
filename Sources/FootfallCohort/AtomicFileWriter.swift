import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file written whole or not at all: into a hidden temporary file beside it, flushed to the
/// disk, then renamed over it. A task killed while writing leaves the file as it was, and a
/// reader never sees half of one.
final class AtomicFileWriter {
    let path: String
    private let temporary: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    /// Bytes written so far.
    private(set) var count = 0

    /// Starts writing `path`, whose folder must exist.
    init(path: String) throws(StudyError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        temporary = "\(folder)/.\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .file(path, "cannot write: \(String(cString: strerror(errno)))") }
        buffer.reserveCapacity(1 << 16)
    }

    deinit {
        if descriptor >= 0 {
            Glibc.close(descriptor)
            unlink(temporary)
        }
    }

    /// Adds `text`.
    func write(_ text: String) throws(StudyError) {
        buffer.append(contentsOf: text.utf8)
        count += text.utf8.count
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Adds `bytes` and a line break.
    func write(line bytes: ArraySlice<UInt8>) throws(StudyError) {
        buffer.append(contentsOf: bytes)
        buffer.append(10)
        count += bytes.count + 1
        if buffer.count >= 1 << 16 { try flush() }
    }

    private func flush() throws(StudyError) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .file(path, "cannot write: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Puts the file in place: flushed to the disk, then renamed over `path`.
    func commit() throws(StudyError) {
        try flush()
        guard fsync(descriptor) == 0 else { throw .file(path, "cannot write: \(String(cString: strerror(errno)))") }
        Glibc.close(descriptor)
        descriptor = -1
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .file(path, "cannot put it in place: \(reason)")
        }
    }
}

/// Small files written whole (`AtomicFileWriter`).
enum AtomicFile {
    /// Writes `text` to `path` whole or not at all.
    static func write(_ text: String, to path: String) throws(StudyError) {
        let writer = try AtomicFileWriter(path: path)
        try writer.write(text)
        try writer.commit()
    }
}
