/// What has been read from a `ByteStream` and not yet consumed, refilled on demand.
///
/// Parsers look at `bytes` in place, `consume` what they have used, and ask for more with
/// `fill()` (a line that does not end in the window) or `require(_:)` (a block of a known
/// length). The window is a fixed buffer, compacted before each read, so a file of any length
/// is read in the same memory.
final class StreamWindow {
    /// Bytes after the end of `bytes` that may always be read, and read as zeros: a parser
    /// that scans digits without comparing each index to the end (`DecimalParser.scanInLine`)
    /// stops there at the latest.
    static let padding = 16

    let stream: ByteStream
    private var storage: UnsafeMutableRawBufferPointer
    /// The bytes `storage` holds for the stream; `padding` more follow.
    private var capacity: Int
    private var start = 0
    private var end = 0
    /// Bytes of the stream before `bytes`' first.
    private(set) var offset = 0
    /// Whether the stream has no more bytes.
    private(set) var atEnd = false

    init(_ stream: ByteStream, capacity: Int = 1 << 18) {
        self.stream = stream
        self.capacity = capacity
        storage = Self.allocate(capacity)
        zeroPadding()
    }

    deinit { storage.deallocate() }

    private static func allocate(_ capacity: Int) -> UnsafeMutableRawBufferPointer {
        .allocate(byteCount: capacity + padding, alignment: 16)
    }

    /// Zeros the `padding` bytes after `end`.
    private func zeroPadding() {
        (storage.baseAddress! + end).initializeMemory(as: UInt8.self, repeating: 0, count: Self.padding)
    }

    /// The bytes read and not consumed; valid until the next `fill`, `require` or `consume`.
    /// `StreamWindow.padding` bytes of zeros follow them.
    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: storage.baseAddress!.assumingMemoryBound(to: UInt8.self) + start, count: end - start)
    }

    /// Marks `count` bytes as used.
    func consume(_ count: Int) {
        start += count
        offset += count
        if start == end { start = 0; end = 0; zeroPadding() }
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
            zeroPadding()
        }
        if end == capacity {
            guard capacity < limit else { return false }
            let larger = Self.allocate(min(limit, capacity * 2))
            larger.baseAddress!.copyMemory(from: storage.baseAddress!, byteCount: end)
            storage.deallocate()
            storage = larger
            capacity = larger.count - Self.padding
        }
        let count = try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: storage[end..<capacity]))
        end += count
        zeroPadding()
        if count == 0 { atEnd = true; return false }
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
