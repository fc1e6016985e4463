#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CFootfallCompression

/// Bytes that can be read at any offset: a file (`pread`), or bytes in memory.
protocol RandomAccessBytes: AnyObject {
    /// The size, bytes.
    var size: Int { get }
    /// Reads up to `buffer.count` bytes at `offset`; fewer only at the end.
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(TraceError) -> Int
}

/// A zip archive's entries, read from its central directory (APPNOTE: the end-of-directory
/// record, zip64 where sizes need it, stored and deflated entries, each entry's CRC-32 checked).
///
/// Why not libzip: it loads OpenSSL's libcrypto and libbz2 with it, 1.5 MB resident in
/// footfalld (measured with tools/measure-memory), for the one archive format Footfall reads
/// (ActiGraph's .gt3x: a few stored or deflated entries). The inflating is zlib's, already
/// loaded for gzip; only the directory's few fixed records are read here.
final class ZipArchive {
    /// One entry of the central directory.
    struct Entry {
        var name: String
        var method: UInt16
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var localHeaderOffset: Int
    }

    let source: RandomAccessBytes
    let path: String
    private(set) var entries: [Entry] = []

    /// Reads the central directory.
    /// - Throws: `TraceError.unsupported` when the bytes are not a zip archive this reads.
    init(_ source: RandomAccessBytes, path: String) throws(TraceError) {
        self.source = source
        self.path = path
        // The end-of-central-directory record: in the last 22 + 65,535 bytes (its comment).
        let tailLength = min(source.size, 22 + 65_535)
        let tail = try bytes(at: source.size - tailLength, count: tailLength)
        var end: Int?
        var k = tail.count - 22
        while k >= 0 {
            if tail.littleEndianUInt32(at: k) == 0x0605_4B50 { end = k; break }
            k -= 1
        }
        guard let end else { throw notAZip("no end-of-directory record: the archive is cut short or not a zip") }
        var count = Int(tail.littleEndianUInt16(at: end + 10))
        var directorySize = Int(tail.littleEndianUInt32(at: end + 12))
        var directoryOffset = Int(tail.littleEndianUInt32(at: end + 16))
        if directoryOffset == 0xFFFF_FFFF || count == 0xFFFF || directorySize == 0xFFFF_FFFF {
            // zip64: a locator just before the record points at the zip64 end record.
            guard end >= 20, tail.littleEndianUInt32(at: end - 20) == 0x0706_4B50 else { throw notAZip("a zip64 archive without its locator") }
            let record = try bytes(at: Int(truncatingIfNeeded: tail.littleEndianUInt64(at: end - 12)), count: 56)
            guard record.littleEndianUInt32(at: 0) == 0x0606_4B50 else { throw notAZip("a zip64 archive whose end record is missing") }
            count = Int(truncatingIfNeeded: record.littleEndianUInt64(at: 32))
            directorySize = Int(truncatingIfNeeded: record.littleEndianUInt64(at: 40))
            directoryOffset = Int(truncatingIfNeeded: record.littleEndianUInt64(at: 48))
        }
        guard directoryOffset >= 0, directorySize >= 0, directorySize <= 64 << 20, directoryOffset <= source.size - directorySize,
              count >= 0, count <= directorySize / 46 else {
            throw notAZip("its directory lies outside the file")
        }
        let directory = try bytes(at: directoryOffset, count: directorySize)
        var at = 0
        for _ in 0..<count {
            guard at + 46 <= directory.count, directory.littleEndianUInt32(at: at) == 0x0201_4B50 else { throw notAZip("a damaged central directory") }
            let nameLength = Int(directory.littleEndianUInt16(at: at + 28)), extraLength = Int(directory.littleEndianUInt16(at: at + 30))
            let commentLength = Int(directory.littleEndianUInt16(at: at + 32))
            guard at + 46 + nameLength + extraLength + commentLength <= directory.count else { throw notAZip("a damaged central directory") }
            var entry = Entry(name: String(decoding: directory[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self),
                              method: directory.littleEndianUInt16(at: at + 10), crc: directory.littleEndianUInt32(at: at + 16),
                              compressedSize: Int(directory.littleEndianUInt32(at: at + 20)), size: Int(directory.littleEndianUInt32(at: at + 24)),
                              localHeaderOffset: Int(directory.littleEndianUInt32(at: at + 42)))
            // zip64 sizes and offset, in that order, for the fields that are 0xFFFFFFFF.
            var extra = at + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = directory.littleEndianUInt16(at: extra), length = Int(directory.littleEndianUInt16(at: extra + 2))
                if id == 0x0001 {
                    var field = extra + 4
                    func next() -> Int? {
                        guard field + 8 <= extra + 4 + length else { return nil }
                        defer { field += 8 }
                        return Int(truncatingIfNeeded: directory.littleEndianUInt64(at: field))
                    }
                    if entry.size == 0xFFFF_FFFF, let value = next() { entry.size = value }
                    if entry.compressedSize == 0xFFFF_FFFF, let value = next() { entry.compressedSize = value }
                    if entry.localHeaderOffset == 0xFFFF_FFFF, let value = next() { entry.localHeaderOffset = value }
                }
                extra += 4 + length
            }
            entries.append(entry)
            at += 46 + nameLength + extraLength + commentLength
        }
    }

    /// The entry named `name`, or nil.
    func entry(_ name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// A stream of the entry's bytes, decompressed.
    func open(_ entry: Entry, fileSize: Int) throws(TraceError) -> ZipEntryStream {
        let header = try bytes(at: entry.localHeaderOffset, count: 30)
        guard header.littleEndianUInt32(at: 0) == 0x0403_4B50 else { throw notAZip("the entry \(entry.name) has no local header where the directory says") }
        let start = entry.localHeaderOffset + 30 + Int(header.littleEndianUInt16(at: 26)) + Int(header.littleEndianUInt16(at: 28))
        guard entry.method == 0 || entry.method == 8 else {
            throw TraceError(path: path, reason: .unsupported("\(entry.name) in the archive is compressed with method \(entry.method); only stored and deflated entries are read"))
        }
        guard start >= 0, entry.compressedSize >= 0, start <= source.size, entry.compressedSize <= source.size - start else {
            throw TraceError(path: path, offset: entry.localHeaderOffset, reason: .truncated("\(entry.name) in the archive runs past the end of the file"))
        }
        return try ZipEntryStream(self, entry: entry, start: start, fileSize: fileSize)
    }

    /// The whole of a small entry (`info.txt`).
    func contents(_ entry: Entry, limit: Int = 1 << 20) throws(TraceError) -> [UInt8] {
        let stream = try open(entry, fileSize: 0)
        var out: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        defer { chunk.deallocate() }
        while out.count < limit {
            let count = try stream.read(into: chunk)
            if count == 0 { break }
            out += chunk[0..<count]
        }
        return out
    }

    func bytes(at offset: Int, count: Int) throws(TraceError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= source.size - count else { throw notAZip("a record lies outside the file") }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, count), alignment: 1)
        defer { buffer.deallocate() }
        var done = 0
        while done < count {
            let read = try source.read(at: offset + done, into: UnsafeMutableRawBufferPointer(rebasing: buffer[done..<count]))
            if read == 0 { throw notAZip("the file ends inside a record") }
            done += read
        }
        return Array(buffer[0..<count])
    }

    private func notAZip(_ why: String) -> TraceError {
        TraceError(path: path, reason: .unsupported("not a zip archive Footfall reads: \(why)"))
    }
}

/// An entry of a zip archive, decompressed as it is read (zlib's raw inflate), its CRC-32
/// checked at its end.
final class ZipEntryStream: ByteStream {
    private let archive: ZipArchive
    private let entry: ZipArchive.Entry
    private var position: Int
    private let end: Int
    private var input: UnsafeMutableRawBufferPointer
    private var inputStart = 0
    private var inputEnd = 0
    private var zlib = z_stream()
    private var produced = 0
    private var crc: uLong = crc32(0, nil, 0)
    private var finished = false
    let fileSize: Int
    /// The archive's bytes read so far.
    var fileBytesRead: Int { position }

    init(_ archive: ZipArchive, entry: ZipArchive.Entry, start: Int, fileSize: Int) throws(TraceError) {
        self.archive = archive
        self.entry = entry
        position = start
        end = start + entry.compressedSize
        self.fileSize = fileSize
        input = .allocate(byteCount: 1 << 16, alignment: 16)
        if entry.method == 8 && footfall_inflate_init_raw(&zlib) != Z_OK {
            throw TraceError(path: archive.path, reason: .compressed("zlib could not start"))
        }
    }

    deinit {
        if entry.method == 8 { inflateEnd(&zlib) }
        input.deallocate()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(TraceError) -> Int {
        guard let out = buffer.baseAddress, buffer.count > 0, !finished else { return 0 }
        while true {
            if inputStart == inputEnd && position < end {
                let count = min(input.count, end - position)
                let read = try archive.source.read(at: position, into: UnsafeMutableRawBufferPointer(rebasing: input[0..<count]))
                guard read > 0 else { throw damaged("it ends early") }
                position += read
                inputStart = 0
                inputEnd = read
            }
            var count = 0
            var ended = false
            if entry.method == 0 {
                count = min(buffer.count, inputEnd - inputStart)
                out.copyMemory(from: input.baseAddress! + inputStart, byteCount: count)
                inputStart += count
                ended = inputStart == inputEnd && position == end
            } else {
                zlib.next_in = (input.baseAddress! + inputStart).assumingMemoryBound(to: Bytef.self)
                zlib.avail_in = uInt(inputEnd - inputStart)
                zlib.next_out = out.assumingMemoryBound(to: Bytef.self)
                zlib.avail_out = uInt(buffer.count)
                let result = inflate(&zlib, Z_NO_FLUSH)
                inputStart = inputEnd - Int(zlib.avail_in)
                count = buffer.count - Int(zlib.avail_out)
                if result == Z_STREAM_END {
                    ended = true
                } else if result != Z_OK && !(result == Z_BUF_ERROR && count > 0) {
                    if result == Z_BUF_ERROR && inputStart == inputEnd && position == end { throw damaged("its deflated data ends early") }
                    throw damaged("its deflated data is damaged (\(zlib.msg.map { String(cString: $0) } ?? "zlib code \(result)"))")
                }
            }
            crc = crc32(crc, out.assumingMemoryBound(to: Bytef.self), uInt(count))
            produced += count
            if ended {
                finished = true
                guard UInt32(truncatingIfNeeded: crc) == entry.crc else { throw damaged("its CRC-32 does not match") }
            }
            if count > 0 || ended { return count }
        }
    }

    private func damaged(_ why: String) -> TraceError {
        TraceError(path: archive.path, offset: produced, reason: .compressed("\(entry.name) in the archive is damaged: \(why)"))
    }
}
