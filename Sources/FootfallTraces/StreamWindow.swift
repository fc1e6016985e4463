/// What has been read from a `ByteStream` and not yet consumed, refilled on demand.
///
/// Parsers look at `bytes` in place, `consume` what they have used, and ask for more with
/// `fill()` (a line that does not end in the window) or `require(_:)` (a block of a known
/// length). The window is a fixed buffer, compacted before each read, so a file of any length
/// is read in the same memory.
final class StreamWindow {
    let stream: ByteStream
    private var storage: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    /// Bytes of the stream before `bytes`' first.
    private(set) var offset = 0
    /// Whether the stream has no more bytes.
    private(set) var atEnd = false

    init(_ stream: ByteStream, capacity: Int = 1 << 20) {
        self.stream = stream
        storage = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit { storage.deallocate() }

    /// The bytes read and not consumed; valid until the next `fill`, `require` or `consume`.
    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: storage.baseAddress!.assumingMemoryBound(to: UInt8.self) + start, count: end - start)
    }

    /// Marks `count` bytes as used.
    func consume(_ count: Int) {
        start += count
        offset += count
        if start == end { start = 0; end = 0 }
    }

    /// Reads more after what is there (moving it to the front, and growing the buffer up to
    /// `limit` when it is full); false when the stream has ended or the buffer is at `limit`.
    @discardableResult
    func fill(limit: Int = 1 << 24) throws(TraceError) -> Bool {
        if atEnd { return false }
        if start > 0 {
            if end > start { storage.baseAddress!.copyMemory(from: storage.baseAddress! + start, byteCount: end - start) }
            end -= start
            start = 0
        }
        if end == storage.count {
            guard storage.count < limit else { return false }
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: min(limit, storage.count * 2), alignment: 16)
            larger.baseAddress!.copyMemory(from: storage.baseAddress!, byteCount: end)
            storage.deallocate()
            storage = larger
        }
        let count = try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: storage[end...]))
        if count == 0 { atEnd = true; return false }
        end += count
        return true
    }

    /// Makes at least `count` bytes available; false when the stream ends first.
    func require(_ count: Int) throws(TraceError) -> Bool {
        while end - start < count {
            if try !fill(limit: max(1 << 24, count)) { return end - start >= count }
        }
        return true
    }
}
