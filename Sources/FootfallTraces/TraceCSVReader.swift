import FootfallDetection

/// Reads the trace CSV format (`t,ax,ay,az`: seconds and m/s², one sample a line) quickly and
/// strictly.
///
/// The file is memory-mapped and parsed in place: no `String` per line or field. Samples are
/// handed over in batches of a fixed-size buffer, so reading a file of any length allocates
/// once. Every problem is reported with its file and line: a wrong header, a wrong number of
/// fields, something that is not a number, NaN or infinity, time going backwards, binary data.
/// Blank lines are skipped; `\r\n` line ends are accepted.
public enum TraceCSVReader {
    /// The header every trace starts with.
    public static let header = "t,ax,ay,az"
    /// The column names, in order.
    static let columns = ["t", "ax", "ay", "az"]

    /// Reads the trace at `path`, handing its samples to `body` in batches, in file order.
    /// - Parameters:
    ///   - path: the CSV file.
    ///   - batchSize: the most samples per batch.
    ///   - body: receives each batch; the buffer is valid only during the call.
    /// - Throws: `TraceError` naming the file and line of the first problem.
    public static func forEachBatch(
        path: String, batchSize: Int = 4096, _ body: (UnsafeBufferPointer<Sample>) -> Void
    ) throws(TraceError) {
        let file = try MappedFile(path: path)
        try parse(file.bytes, path: path, batchSize: batchSize, body)
    }

    /// Reads every sample of the trace at `path`.
    /// - Throws: `TraceError` naming the file and line of the first problem.
    public static func readSamples(path: String) throws(TraceError) -> [Sample] {
        var samples: [Sample] = []
        try forEachBatch(path: path) { samples.append(contentsOf: $0) }
        return samples
    }

    /// Parses CSV bytes already in memory; `path` is only used in error messages.
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, batchSize: Int = 4096,
        _ body: (UnsafeBufferPointer<Sample>) -> Void
    ) throws(TraceError) {
        guard bytes.count > 0 else { throw TraceError(path: path, reason: .empty) }
        var position = try skipHeader(bytes, path: path)
        var line = 1
        var previousTime = -Double.infinity
        var batches = SampleBatcher(batchSize: batchSize)
        defer { batches.deallocate() }
        let end = bytes.count
        var fieldEnds = (0, 0, 0, 0)
        while position < end {
            line += 1
            // Find the line's end and its commas in one pass.
            var cursor = position
            var commas = 0
            while cursor < end {
                let byte = bytes[cursor]
                if byte == 10 { break }
                if byte == 44 {
                    switch commas {
                    case 0: fieldEnds.0 = cursor
                    case 1: fieldEnds.1 = cursor
                    case 2: fieldEnds.2 = cursor
                    default: break
                    }
                    commas += 1
                }
                cursor += 1
            }
            let lineEnd = cursor
            var contentEnd = lineEnd
            if contentEnd > position && bytes[contentEnd - 1] == 13 { contentEnd -= 1 }
            defer { position = lineEnd + 1 }
            if contentEnd == position { continue }
            if commas != 3 {
                if let junk = firstBinaryByte(bytes, position, contentEnd) {
                    throw TraceError(path: path, line: line, reason: .binaryData(byte: junk))
                }
                if isBlank(bytes, position, contentEnd) { continue }
                throw TraceError(path: path, line: line, reason: .fieldCount(found: commas + 1))
            }
            fieldEnds.3 = contentEnd
            let t = try field(bytes, position, fieldEnds.0, column: 0, path: path, line: line)
            let x = try field(bytes, fieldEnds.0 + 1, fieldEnds.1, column: 1, path: path, line: line)
            let y = try field(bytes, fieldEnds.1 + 1, fieldEnds.2, column: 2, path: path, line: line)
            let z = try field(bytes, fieldEnds.2 + 1, fieldEnds.3, column: 3, path: path, line: line)
            if t < previousTime {
                throw TraceError(path: path, line: line, reason: .timeWentBackwards(previous: previousTime, found: t))
            }
            previousTime = t
            batches.add(Sample(time: t, x: x, y: y, z: z), body)
        }
        _ = try batches.finish(path: path, body)
    }

    @inline(__always)
    static func field(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, column: Int, path: String, line: Int
    ) throws(TraceError) -> Double {
        var a = start, b = end
        while a < b && (bytes[a] == 32 || bytes[a] == 9) { a += 1 }
        while b > a && (bytes[b - 1] == 32 || bytes[b - 1] == 9) { b -= 1 }
        do {
            return try DecimalParser.parse(bytes, a, b)
        } catch .notFinite {
            throw TraceError(path: path, line: line, reason: .notFinite(column: columns[column]))
        } catch {
            if let junk = firstBinaryByte(bytes, a, b) {
                throw TraceError(path: path, line: line, reason: .binaryData(byte: junk))
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[a..<min(b, a + 40)]), as: UTF8.self)
            throw TraceError(path: path, line: line, reason: .notANumber(column: columns[column], found: text))
        }
    }

    static func skipHeader(_ bytes: UnsafeBufferPointer<UInt8>, path: String) throws(TraceError) -> Int {
        var start = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
        var end = start
        while end < bytes.count && bytes[end] != 10 && end - start < 4096 { end += 1 }
        var contentEnd = end
        if contentEnd > start && bytes[contentEnd - 1] == 13 { contentEnd -= 1 }
        if let junk = firstBinaryByte(bytes, start, contentEnd) {
            throw TraceError(path: path, line: 1, reason: .binaryData(byte: junk))
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<contentEnd]), as: UTF8.self)
        let names = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces().lowercased() }
        guard names == columns else {
            throw TraceError(path: path, line: 1, reason: .badHeader(found: String(text.prefix(60))))
        }
        return end + 1
    }

    static func firstBinaryByte(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt8? {
        for i in start..<end {
            let byte = bytes[i]
            if (byte < 32 && byte != 9 && byte != 13) || byte >= 127 { return byte }
        }
        return nil
    }

    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        (start..<end).allSatisfy { bytes[$0] == 32 || bytes[$0] == 9 }
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }
}
