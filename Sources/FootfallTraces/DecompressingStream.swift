import CFootfallCompression

/// The decompressed bytes of a gzip, xz or zstd stream read from another `ByteStream`.
///
/// One class for the three formats: each step hands the library what is left of the
/// compressed input and room for output, and refills the input when it is used up. The
/// libraries are the reference implementations Debian ships (zlib, liblzma, libzstd), already
/// loaded by libiio on most boards.
public final class DecompressingStream: ByteStream {
    let source: ByteStream
    let path: String
    let compression: RecordingCompression
    private var input: UnsafeMutableRawBufferPointer
    private var inputStart = 0
    private var inputEnd = 0
    private var sourceEnded = false
    private var finished = false
    private var zlib = z_stream()
    private var xz = lzma_stream()
    private var zstd: OpaquePointer?
    /// Decompressed bytes handed out so far.
    public private(set) var bytesOut = 0

    public var fileBytesRead: Int { source.fileBytesRead }
    public var fileSize: Int { source.fileSize }

    /// Starts decompressing `source`.
    /// - Throws: `TraceError` when the library cannot start, or for `.none` and `.bzip2`.
    public init(_ source: ByteStream, compression: RecordingCompression, path: String) throws(TraceError) {
        self.source = source
        self.path = path
        self.compression = compression
        input = .allocate(byteCount: 1 << 18, alignment: 16)
        switch compression {
        case .gzip:
            guard footfall_inflate_init(&zlib) == Z_OK else { throw TraceError(path: path, reason: .compressed("zlib could not start")) }
        case .xz:
            guard lzma_stream_decoder(&xz, UInt64.max, 0x08 /* LZMA_CONCATENATED, a macro Swift cannot see */) == LZMA_OK else {
                throw TraceError(path: path, reason: .compressed("liblzma could not start"))
            }
        case .zstd:
            zstd = ZSTD_createDStream()
            guard zstd != nil else { throw TraceError(path: path, reason: .compressed("libzstd could not start")) }
        case .none, .bzip2:
            // Every property is set: a throwing init runs deinit, which frees the buffer.
            throw TraceError(path: path, reason: .unsupported("\(compression.rawValue) compression is not read; decompress the file first"))
        }
    }

    deinit {
        switch compression {
        case .gzip: inflateEnd(&zlib)
        case .xz: lzma_end(&xz)
        case .zstd: ZSTD_freeDStream(zstd)
        case .none, .bzip2: break
        }
        input.deallocate()
    }

    /// Hands the decompressor `bytes`, the file's first bytes already read (to find the
    /// compression), before what the source gives next.
    func replay(_ bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count > input.count {
            input.deallocate()
            input = .allocate(byteCount: bytes.count, alignment: 16)
        }
        if let base = bytes.baseAddress { input.baseAddress!.copyMemory(from: base, byteCount: bytes.count) }
        inputStart = 0
        inputEnd = bytes.count
    }

    /// Refills the compressed input when it is used up; false at the end of the source.
    private func refill() throws(TraceError) -> Bool {
        if inputStart < inputEnd { return true }
        if sourceEnded { return false }
        inputStart = 0
        inputEnd = try source.read(into: input)
        if inputEnd == 0 { sourceEnded = true }
        return inputEnd > 0
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(TraceError) -> Int {
        guard let out = buffer.baseAddress, buffer.count > 0, !finished else { return 0 }
        while true {
            let hasInput = try refill()
            let consumed: Int, produced: Int
            var ended = false
            switch compression {
            case .gzip:
                if !hasInput { return try truncated() }
                zlib.next_in = (input.baseAddress! + inputStart).assumingMemoryBound(to: Bytef.self)
                zlib.avail_in = uInt(inputEnd - inputStart)
                zlib.next_out = out.assumingMemoryBound(to: Bytef.self)
                zlib.avail_out = uInt(buffer.count)
                let result = inflate(&zlib, Z_NO_FLUSH)
                consumed = inputEnd - inputStart - Int(zlib.avail_in)
                produced = buffer.count - Int(zlib.avail_out)
                if result == Z_STREAM_END {
                    // Another gzip member may follow (`cat a.gz b.gz`, pigz, bgzip): start over.
                    inputStart += consumed
                    if try refill() {
                        inflateReset(&zlib)
                    } else {
                        ended = true
                    }
                    bytesOut += produced
                    if ended { finished = true }
                    if produced > 0 || ended { return produced }
                    continue
                }
                if result != Z_OK && result != Z_BUF_ERROR {
                    let message = zlib.msg.map { String(cString: $0) } ?? "code \(result)"
                    throw TraceError(path: path, offset: bytesOut + produced, reason: .compressed("the gzip data is damaged: \(message)"))
                }
            case .xz:
                xz.next_in = hasInput ? UnsafePointer((input.baseAddress! + inputStart).assumingMemoryBound(to: UInt8.self)) : nil
                xz.avail_in = hasInput ? inputEnd - inputStart : 0
                xz.next_out = out.assumingMemoryBound(to: UInt8.self)
                xz.avail_out = buffer.count
                let result = lzma_code(&xz, hasInput ? LZMA_RUN : LZMA_FINISH)
                consumed = inputEnd - inputStart - xz.avail_in
                produced = buffer.count - xz.avail_out
                if result == LZMA_STREAM_END {
                    ended = true
                } else if result != LZMA_OK && !(result == LZMA_BUF_ERROR && produced > 0) {
                    if !hasInput && produced == 0 { return try truncated() }
                    throw TraceError(path: path, offset: bytesOut + produced, reason: .compressed("the xz data is damaged (liblzma code \(result.rawValue))"))
                }
            case .zstd:
                if !hasInput { return try truncated() }
                var inBuffer = ZSTD_inBuffer(src: input.baseAddress! + inputStart, size: inputEnd - inputStart, pos: 0)
                var outBuffer = ZSTD_outBuffer(dst: out, size: buffer.count, pos: 0)
                let result = ZSTD_decompressStream(zstd, &outBuffer, &inBuffer)
                if ZSTD_isError(result) != 0 {
                    throw TraceError(path: path, offset: bytesOut + outBuffer.pos,
                                     reason: .compressed("the zstd data is damaged: \(String(cString: ZSTD_getErrorName(result)))"))
                }
                consumed = inBuffer.pos
                produced = outBuffer.pos
                // 0: a frame is complete; the file may end here, or another frame follow.
                if result == 0 && inBuffer.pos == inBuffer.size {
                    inputStart += consumed
                    bytesOut += produced
                    if try !refill() { finished = true; return produced }
                    if produced > 0 { return produced }
                    continue
                }
            case .none, .bzip2:
                return 0
            }
            inputStart += consumed
            bytesOut += produced
            if ended { finished = true }
            if produced > 0 || ended { return produced }
        }
    }

    /// The compressed data stopped before its end.
    private func truncated() throws(TraceError) -> Int {
        throw TraceError(path: path, offset: bytesOut, reason: .compressed(
            "the \(compression.rawValue) data ends before its end: the file is truncated (\(bytesOut) bytes decompressed)"))
    }
}
