import FootfallDetection

/// Reads delimited text recordings (CSV, TSV, semicolons): any header, any column order, times
/// in seconds, milliseconds, microseconds, nanoseconds or ISO 8601, axes in m/s², g or mg.
///
/// The layout is found from the first lines (`DelimitedLayout`), then the samples are parsed
/// in place from a `StreamWindow`, line by line, into a fixed batch: a file of any length, or
/// any compression, is read in the same memory. Problems name the line and say why.
enum DelimitedReader {
    /// How many lines the layout is found from.
    static let probeLines = 200

    /// Finds the layout from the first lines in `window`, without consuming them.
    static func layout(_ window: StreamWindow, path: String, options: RecordingOptions) throws(TraceError) -> DelimitedLayout {
        // Enough for the probe lines, or all of a short file.
        while !window.atEnd, window.bytes.count < 1 << 18, newlines(in: window.bytes) < probeLines {
            try window.fill()
        }
        let bytes = window.bytes
        guard bytes.count > 0 else { throw TraceError(path: path, reason: .empty) }
        var start = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
        var lines: [Substring] = []
        var lineStart = start
        var index = start
        while index < bytes.count && lines.count < probeLines {
            if bytes[index] == 10 {
                lines.append(try text(bytes, lineStart, index, line: lines.count + 1, path: path))
                lineStart = index + 1
            }
            index += 1
        }
        if lines.count < probeLines && lineStart < bytes.count && window.atEnd {
            lines.append(try text(bytes, lineStart, bytes.count, line: lines.count + 1, path: path))
        }
        return try DelimitedLayout.detect(lines: lines, options: options, path: path)
    }

    /// Parses every sample after the layout's first lines, handing them to `body` in batches.
    ///
    /// A line is read in one pass where it can be (`OnePassLineParser`): each field parsed where it
    /// starts, its end found by the number's. A line that is not so plain (quotes, a time in
    /// ISO 8601, a field that is not a number, too few fields, a blank line) is read again by
    /// the general path, which splits it into fields first and says what is wrong; both give
    /// the same samples.
    /// - Returns: how many samples were read.
    static func read(_ window: StreamWindow, layout: DelimitedLayout, path: String, batchSize: Int,
                     _ body: (UnsafeBufferPointer<Sample>) -> Void) throws(TraceError) -> Int {
        var batches = SampleBatcher(batchSize: batchSize)
        defer { batches.deallocate() }
        let needed = max(layout.timeColumn ?? 0, layout.axisColumns.max() ?? 0) + 1
        let bounds = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2 * needed)
        defer { bounds.deallocate() }
        let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64)
        defer { scratch.deallocate() }
        let onePass = OnePassLineParser(layout: layout, needed: needed, longestCommaField: scratch.count)
        defer { onePass.deallocate() }
        let scale = layout.units.metersPerSecondSquared
        let timeScale = layout.time.seconds
        var line = 0
        var previousTime = -Double.infinity
        var skipFirst = layout.linesBeforeSamples
        var bom = true
        // Read once here, so the per-line code touches no array or string of the layout (no
        // reference counting per field).
        let xColumn = layout.axisColumns[0], yColumn = layout.axisColumns[1], zColumn = layout.axisColumns[2]
        let timeColumn = layout.timeColumn
        let decimalComma = layout.decimalComma
        let delimiter = layout.delimiter
        let rate = layout.rate ?? 1

        func field(_ bytes: UnsafeBufferPointer<UInt8>, _ column: Int, role: Int) throws(TraceError) -> Double {
            var a = bounds[2 * column], b = bounds[2 * column + 1]
            while a < b && (bytes[a] == 32 || bytes[a] == 9 || bytes[a] == 34) { a += 1 }
            while b > a && (bytes[b - 1] == 32 || bytes[b - 1] == 9 || bytes[b - 1] == 34) { b -= 1 }
            if role == 0 && timeScale == nil {
                if let time = ISOTimeParser.parse(bytes, a, b) { return time }
                throw TraceError(path: path, line: line, reason: .notANumber(column: layout.columnName(role), found: snippet(bytes, a, b)))
            }
            do {
                if decimalComma && b - a <= scratch.count {
                    for k in a..<b { scratch[k - a] = bytes[k] == 44 ? 46 : bytes[k] }
                    return try DecimalParser.parse(UnsafeBufferPointer(scratch), 0, b - a)
                }
                return try DecimalParser.parse(bytes, a, b)
            } catch .notFinite {
                throw TraceError(path: path, line: line, reason: .notFinite(column: layout.columnName(role)))
            } catch {
                if let junk = firstBinaryByte(bytes, a, b) {
                    throw TraceError(path: path, line: line, reason: .binaryData(byte: junk))
                }
                throw TraceError(path: path, line: line, reason: .notANumber(column: layout.columnName(role), found: snippet(bytes, a, b)))
            }
        }

        // A value finite as written may not be in m/s² (1e308 g).
        func inMetersPerSecondSquared(_ value: Double, role: Int) throws(TraceError) -> Double {
            let scaled = value * scale
            guard scaled.isFinite else { throw TraceError(path: path, line: line, reason: .notFinite(column: layout.columnName(role))) }
            return scaled
        }

        func add(time: Double, x: Double, y: Double, z: Double) throws(TraceError) {
            if timeColumn != nil {
                if time < previousTime {
                    throw TraceError(path: path, line: line, reason: .timeWentBackwards(previous: previousTime, found: time))
                }
                previousTime = time
                batches.add(Sample(time: time, x: x, y: y, z: z), body)
            } else {
                batches.add(Sample(time: Double(batches.produced) / rate, x: x, y: y, z: z), body)
            }
        }

        // The general path: the line split into fields, then each field parsed.
        func parseLine(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ lineEnd: Int) throws(TraceError) {
            line += 1
            var begin = start
            if bom { bom = false; if lineEnd - begin >= 3 && bytes[begin] == 0xEF && bytes[begin + 1] == 0xBB && bytes[begin + 2] == 0xBF { begin += 3 } }
            if skipFirst > 0 { skipFirst -= 1; return }
            var end = lineEnd
            if end > begin && bytes[end - 1] == 13 { end -= 1 }
            if end == begin || isBlank(bytes, begin, end) { return }
            var column = 0
            var fieldStart = begin
            var quoted = false
            var cursor = begin
            while cursor < end && column < needed {
                let byte = bytes[cursor]
                if byte == 34 { quoted.toggle() } else if byte == delimiter && !quoted {
                    bounds[2 * column] = fieldStart
                    bounds[2 * column + 1] = cursor
                    column += 1
                    fieldStart = cursor + 1
                }
                cursor += 1
            }
            if column < needed {
                bounds[2 * column] = fieldStart
                bounds[2 * column + 1] = end
                column += 1
            }
            if column < needed {
                if let junk = firstBinaryByte(bytes, begin, end) {
                    throw TraceError(path: path, line: line, reason: .binaryData(byte: junk))
                }
                throw TraceError(path: path, line: line, reason: .tooFewFields(needed: needed, found: column))
            }
            let x = try inMetersPerSecondSquared(field(bytes, xColumn, role: 1), role: 1)
            let y = try inMetersPerSecondSquared(field(bytes, yColumn, role: 2), role: 2)
            let z = try inMetersPerSecondSquared(field(bytes, zColumn, role: 3), role: 3)
            var t = 0.0
            if let timeColumn { t = try field(bytes, timeColumn, role: 0) * (timeScale ?? 1) }
            try add(time: t, x: x, y: y, z: z)
        }

        while true {
            let bytes = window.bytes
            // Every line that starts before `complete` ends in the window.
            var complete = bytes.count
            while complete > 0 && bytes[complete - 1] != 10 { complete -= 1 }
            var position = 0
            while position < complete {
                if onePass.usable && skipFirst == 0 && !bom {
                    position = onePass.read(bytes, from: position, to: complete, lines: &line, previousTime: &previousTime,
                                            into: &batches, body)
                    if position == complete { break }
                }
                let newline = firstNewline(bytes, from: position) ?? complete - 1
                try parseLine(bytes, position, newline)
                position = newline + 1
            }
            window.consume(position)
            if try !window.fill() {
                let rest = window.bytes
                if window.atEnd {
                    if rest.count > 0 { try parseLine(rest, 0, rest.count); window.consume(rest.count) }
                    break
                }
                throw TraceError(path: path, line: line + 1, reason: .unsupported("a line is longer than 16 MB: this is not a delimited recording"))
            }
        }
        return try batches.finish(path: path, body)
    }

    /// The first byte in `bytes[start..<end]` that has no place in text (a control character
    /// other than tab and carriage return, or one outside ASCII), if any.
    static func firstBinaryByte(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt8? {
        for i in start..<end {
            let byte = bytes[i]
            if (byte < 32 && byte != 9 && byte != 13) || byte >= 127 { return byte }
        }
        return nil
    }

    /// Whether `bytes[start..<end]` holds only spaces and tabs.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        (start..<end).allSatisfy { bytes[$0] == 32 || bytes[$0] == 9 }
    }

    @inline(__always)
    static func firstNewline(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        let end = bytes.count
        while index < end {
            if bytes[index] == 10 { return index }
            index += 1
        }
        return nil
    }

    static func newlines(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte == 10 { count += 1 }
        return count
    }

    static func snippet(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[a..<min(b, a + 40)]), as: UTF8.self)
    }

    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, line: Int, path: String) throws(TraceError) -> Substring {
        var contentEnd = end
        if contentEnd > start && bytes[contentEnd - 1] == 13 { contentEnd -= 1 }
        for i in start..<contentEnd {
            let byte = bytes[i]
            if byte < 32 && byte != 9 { throw TraceError(path: path, line: line, reason: .binaryData(byte: byte)) }
        }
        return Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<contentEnd]), as: UTF8.self))
    }
}
