import FootfallDetection

/// Reads GENEActiv `.bin` recordings, Activinsights' published format: text lines, a header of
/// `key:value` sections (the device, its configuration, "Calibration Data" with each axis's gain
/// and offset), then pages. A page is `Recorded Data`, its own `key:value` lines (`Page Time`
/// as `YYYY-MM-DD hh:mm:ss:mmm` on the device's clock, `Measurement Frequency`), and a line of
/// hexadecimal digits: 12 per sample, 48 bits holding x, y and z as 12-bit two's complement,
/// then light, the button and a reserved bit. A value in g is `(raw * 100 - offset) / gain`.
///
/// Sample `i` of a page is at its page time plus `i / frequency`. A page whose digits are not
/// hexadecimal, or whose time does not parse, stops the read with its offset, or is skipped and
/// counted with `RecordingOptions.skipBadBlocks`.
enum GENEActivReader {
    /// What the header says.
    struct Header: Sendable, Equatable {
        var serial: String
        /// Where it was worn (`Device Location Code`: "left wrist"), when the header says.
        var location: String? = nil
        var rate: Double
        var range: Int?
        var gain: SIMD3<Double>
        var offset: SIMD3<Double>
    }

    /// The next line of the window without its end, and the offset it starts at; nil at the end.
    static func nextLine(_ window: StreamWindow, path: String) throws(TraceError) -> (line: [UInt8], offset: Int)? {
        var searched = 0
        while true {
            let bytes = window.bytes
            if let newline = bytes[searched...].firstIndex(of: 10) {
                var end = newline
                if end > 0 && bytes[end - 1] == 13 { end -= 1 }
                let line = Array(bytes[0..<end]), offset = window.offset
                window.consume(newline + 1)
                return (line, offset)
            }
            searched = bytes.count
            guard try window.fill() else {
                let rest = window.bytes
                guard rest.count > 0 else { return nil }
                if !window.atEnd {
                    throw TraceError(path: path, offset: window.offset, reason: .unsupported("a line longer than 16 MB: this is not a GENEActiv file"))
                }
                var end = rest.count
                if rest.last == 13 { end -= 1 }
                let line = Array(rest[0..<end]), offset = window.offset
                window.consume(rest.count)
                return (line, offset)
            }
        }
    }

    /// `key:value` of a line, trimmed, the key in lower case; nil for a line without a colon.
    static func field(_ line: [UInt8]) -> (key: String, value: String)? {
        guard let colon = line.firstIndex(of: 58) else { return nil }
        return (trimmed(line[..<colon], lowercased: true), trimmed(line[(colon + 1)...]))
    }

    /// Text without the spaces and tabs around it. Trimmed and lowered as bytes (the keys are
    /// ASCII): String's Unicode-aware trimming was two thirds of the time reading a file.
    static func trimmed(_ part: ArraySlice<UInt8>, lowercased: Bool = false) -> String {
        var low = part.startIndex, high = part.endIndex
        while low < high, part[low] == 32 || part[low] == 9 { low += 1 }
        while high > low, part[high - 1] == 32 || part[high - 1] == 9 { high -= 1 }
        guard lowercased else { return String(decoding: part[low..<high], as: UTF8.self) }
        return String(decoding: part[low..<high].map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    }

    static let memoryStatus = Array("Memory Status".utf8)
    static let recordedData = Array("Recorded Data".utf8)

    /// Reads the header, up to the first page.
    static func readHeader(_ window: StreamWindow, path: String) throws(TraceError) -> Header {
        var fields: [String: String] = [:]
        while let (line, _) = try nextLine(window, path: path) {
            if trimmed(line[...]).utf8.elementsEqual(memoryStatus) { continue }
            if let (key, value) = field(line) {
                fields[key] = fields[key] ?? value
                if key == "number of pages" { break }
            }
        }
        func number(_ key: String) throws(TraceError) -> Double {
            guard let value = fields[key].flatMap({ Double($0) }) else {
                throw TraceError(path: path, reason: .unsupported("the GENEActiv header gives no '\(key)' (its calibration), so its values cannot be made into g"))
            }
            return value
        }
        let gain = SIMD3(try number("x gain"), try number("y gain"), try number("z gain"))
        guard gain.x != 0 && gain.y != 0 && gain.z != 0 else {
            throw TraceError(path: path, reason: .unsupported("the GENEActiv header gives a gain of 0"))
        }
        let offset = SIMD3(try number("x offset"), try number("y offset"), try number("z offset"))
        let rate = fields["measurement frequency"].flatMap { Double($0.prefix { $0.isNumber || $0 == "." }) } ?? 0
        let range = fields["accelerometer range"].flatMap { text in Int(text.split(separator: " ").last ?? "") }
        let location = fields["device location code"].flatMap { $0.isEmpty ? nil : $0 }
        return Header(serial: fields["device unique serial code"] ?? "?", location: location, rate: rate, range: range,
                      gain: gain, offset: offset)
    }

    /// Reads every page, handing samples to `body` in batches.
    /// - Returns: samples read, samples in pages skipped as damaged, and those pages.
    static func read(_ window: StreamWindow, header: Header, path: String, options: RecordingOptions, batchSize: Int,
                     _ body: (UnsafeBufferPointer<Sample>) -> Void) throws(TraceError) -> (samples: Int, skipped: Int, damaged: Int) {
        var batches = SampleBatcher(batchSize: batchSize)
        defer { batches.deallocate() }
        var skipped = 0, damagedPages = 0
        var previousTime = -Double.infinity
        var pageTime: Double?, pageRate = header.rate, pageOffset = 0
        let scale = 9.80665 / header.gain
        var values: [UInt64] = []

        func damaged(_ problem: String, samples: Int, at offset: Int) throws(TraceError) {
            if options.skipBadBlocks { skipped += samples; damagedPages += 1; return }
            throw TraceError(path: path, offset: offset, reason: .badBlock(problem + "; --skip-bad-blocks skips such pages and counts their samples"))
        }

        while let (line, offset) = try nextLine(window, path: path) {
            if line.isEmpty { continue }
            if line.starts(with: recordedData) {
                pageTime = nil
                pageRate = header.rate
                pageOffset = offset
                continue
            }
            if let (key, value) = field(line) {
                if key == "page time" { pageTime = clock(value) }
                if key == "measurement frequency", let rate = Double(value.prefix { $0.isNumber || $0 == "." }), rate > 0 { pageRate = rate }
                continue
            }
            // The page's samples.
            let count = line.count / 12
            guard line.count % 12 == 0, count > 0 else {
                try damaged("a page's data line has \(line.count) characters, not a whole number of 12-digit samples", samples: count, at: offset)
                continue
            }
            guard let start = pageTime, pageRate > 0 else {
                try damaged("a page without a 'Page Time' or 'Measurement Frequency' (starting at byte \(pageOffset))", samples: count, at: offset)
                continue
            }
            values.removeAll(keepingCapacity: true)
            values.append(contentsOf: repeatElement(0, count: count))
            var bad = false
            for k in 0..<count {
                var value: UInt64 = 0
                for digit in line[(12 * k)..<(12 * k + 12)] {
                    let nibble: UInt8
                    switch digit {
                    case 48...57: nibble = digit - 48
                    case 65...70: nibble = digit - 55
                    case 97...102: nibble = digit - 87
                    default: bad = true; nibble = 0
                    }
                    value = value << 4 | UInt64(nibble)
                }
                values[k] = value
            }
            if bad {
                try damaged("a page's data line holds a character that is not a hexadecimal digit", samples: count, at: offset)
                continue
            }
            for (k, value) in values.enumerated() {
                func axis(_ shift: UInt64) -> Double {
                    let raw = Int((value >> shift) & 0xFFF)
                    return Double(raw >= 2048 ? raw - 4096 : raw)
                }
                let raw = SIMD3(axis(36), axis(24), axis(12))
                let g = (raw * 100 - header.offset) * scale
                let time = max(previousTime, start + Double(k) / pageRate)
                previousTime = time
                batches.add(Sample(time: time, x: g.x, y: g.y, z: g.z), body)
            }
        }
        return (try batches.finish(path: path, body), skipped, damagedPages)
    }

    /// `YYYY-MM-DD hh:mm:ss:mmm` (the milliseconds after a colon) as seconds since 1970 on that clock.
    static func clock(_ text: String) -> Double? {
        var bytes = Array(text.utf8)
        // The ISO parser reads `.mmm`: the last colon before the milliseconds becomes a point.
        if bytes.count >= 23, bytes[19] == 58 { bytes[19] = 46 }
        return bytes.withUnsafeBufferPointer { ISOTimeParser.parse($0, 0, $0.count) }
    }
}
