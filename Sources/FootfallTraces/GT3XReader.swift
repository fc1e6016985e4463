import FootfallDetection

/// Reads ActiGraph `.gt3x` recordings, ActiGraph's published format (github.com/actigraph/
/// GT3X-File-Format): a zip archive (`ZipArchive`) holding `info.txt` (the device, its
/// rate and the acceleration scale) and `log.bin`, a sequence of records
/// `0x1E, type, timestamp (u32, seconds on the device's local clock), size (u16), payload,
/// checksum` (the checksum the one's complement of the XOR of every byte before it).
///
/// Each activity record holds one second of samples at the rate: `ACTIVITY` (0x00) as 12-bit
/// values in the order y, x, z; `ACTIVITY3` (0x1B) the same in x, y, z; `ACTIVITY2` (0x1A) as
/// 16-bit x, y, z. Raw values divided by the scale are g. In idle sleep mode (an `EVENT`
/// record 0x08 when it starts, 0x09 when it ends) the device records nothing; its seconds are
/// the last sample repeated, as ActiGraph's own reader (pygt3x) fills them. Devices that store
/// uncalibrated counts give their calibration in `calibration.json` (`GT3XCalibration`). An `ACTIVITY`
/// record of one byte marks a USB connection and holds no sample. Records of other types
/// (battery, lux, parameters, ...) are passed over.
///
/// The older layout of the NHANES 2011-2014 devices (GT3X+, serial numbers `NEO...` and
/// `CLE...`) holds `activity.bin` and `lux.bin` instead of `log.bin`: one stream of 12-bit
/// samples (y, x, z, two samples in nine bytes) from `info.txt`'s `Start Date` at its rate, with
/// no record around them. Where `info.txt` gives no `Acceleration Scale` (these devices' files
/// do not), the scale is the one ActiGraph's devices of that serial use: 341 counts per g for
/// `NEO` and `CLE`, 256 for `MOS`, as actipy and read.gt3x take it.
enum GT3XReader {
    /// What `info.txt` says.
    struct Info: Sendable, Equatable {
        var deviceType: String
        var serialNumber: String
        var rate: Double
        var scale: Double
        var rangeG: Int?
        /// `Start Date`, seconds since 1970 on the device's clock: where the NHANES layout's
        /// samples start.
        var start: Double?
    }

    /// The scale of a device whose `info.txt` gives none, from its serial number's prefix.
    static func defaultScale(serial: String) -> Double? {
        if serial.hasPrefix("NEO") || serial.hasPrefix("CLE") { return 341 }
        if serial.hasPrefix("MOS") { return 256 }
        return nil
    }

    /// Opens the archive in `stream`: the file at `path`, or bytes in memory.
    static func open(_ stream: ByteStream, path: String) throws(TraceError) -> ZipArchive {
        guard let source = stream as? RandomAccessBytes else {
            throw TraceError(path: path, reason: .unsupported("a .gt3x must be read from a file"))
        }
        return try ZipArchive(source, path: path)
    }

    /// Reads `info.txt`.
    static func info(_ archive: ZipArchive, path: String) throws(TraceError) -> Info {
        guard let bytes = try archive.entry("info.txt").map({ (entry) throws(TraceError) in try archive.contents(entry) }) else {
            throw TraceError(path: path, reason: .unsupported("a zip archive without info.txt is not an ActiGraph recording"))
        }
        var fields: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].filter { $0 != "\u{FEFF}" }.trimmingSpaces()
            fields[key] = line[line.index(after: colon)...].trimmingSpaces()
        }
        guard let rate = fields["Sample Rate"].flatMap(Double.init), rate > 0, rate <= 10_000 else {
            throw TraceError(path: path, reason: .unsupported("info.txt gives no usable Sample Rate"))
        }
        let serial = fields["Serial Number"] ?? "?"
        guard let scale = fields["Acceleration Scale"].flatMap({ Double($0.replacingComma()) }).flatMap({ $0 > 0 ? $0 : nil })
                ?? defaultScale(serial: serial) else {
            throw TraceError(path: path, reason: .unsupported(
                "info.txt gives no Acceleration Scale and the serial number \(serial) is not one of a known device's, so its values cannot be made into g"))
        }
        let range = fields["Acceleration Max"].flatMap { Double($0.replacingComma()) }.map { Int($0.rounded()) }
        // .NET ticks: 100 ns since 0001-01-01, 62,135,596,800 s before 1970.
        let start = fields["Start Date"].flatMap { Int64($0) }.flatMap { $0 > 0 ? Double($0 / 10_000) / 1000 - 62_135_596_800 : nil }
        return Info(deviceType: fields["Device Type"] ?? "ActiGraph", serialNumber: serial,
                    rate: rate, scale: scale, rangeG: range, start: start)
    }

    /// Reads `log.bin`, handing samples to `body` in batches.
    /// - Returns: samples read, samples in records skipped as damaged or out of order, and the
    ///   damaged records skipped.
    /// - Parameter channels: gets what the records hold besides the accelerometer.
    /// - Parameter opened: given the stream of `log.bin` once it is open (for progress).
    static func read(_ archive: ZipArchive, info: Info, path: String, fileSize: Int, options: RecordingOptions, batchSize: Int,
                     channels: inout Set<RecordingChannel>,
                     opened: (ByteStream) -> Void,
                     _ body: (UnsafeBufferPointer<Sample>) -> Void) throws(TraceError) -> (samples: Int, skipped: Int, damaged: Int) {
        let calibration = try GT3XCalibration.of(archive, info: info, path: path)
        guard let log = archive.entry("log.bin") else {
            guard let activity = archive.entry("activity.bin") else {
                throw TraceError(path: path, reason: .unsupported("a zip archive without log.bin or activity.bin is not an ActiGraph recording"))
            }
            let stream = try archive.open(activity, fileSize: fileSize)
            opened(stream)
            if archive.entry("lux.bin") != nil { channels.insert(.light) }
            return try readNHANES(stream, info: info, calibration: calibration, path: path, options: options, batchSize: batchSize, body)
        }
        let stream = try archive.open(log, fileSize: fileSize)
        opened(stream)
        let window = StreamWindow(stream)
        let rate = Int(info.rate.rounded())
        var batches = SampleBatcher(batchSize: batchSize)
        defer { batches.deallocate() }
        var skipped = 0, damaged = 0
        var lastSecond: UInt32?
        var last = Sample(time: 0, x: 0, y: 0, z: 0)
        var sleepStarted: UInt32?

        func emit(_ sample: Sample) { batches.add(sample, body) }
        /// The last sample held through the seconds from after the last record to `end`.
        func fillSleep(until end: UInt32) {
            guard let from = lastSecond, end > from + 1 else { return }
            for second in (from + 1)..<end {
                for k in 0..<rate {
                    emit(Sample(time: Double(second) + Double(k) / info.rate, x: last.x, y: last.y, z: last.z))
                }
            }
            lastSecond = end - 1
        }

        while try window.require(8) {
            let offset = window.offset
            let header = window.bytes
            guard header[0] == 0x1E else {
                throw TraceError(path: path, offset: offset, reason: .badBlock("log.bin: a record does not start with 0x1E (the file is damaged or not a GT3X)"))
            }
            let type = header[1]
            let timestamp = header.littleEndianUInt32(at: 2)
            let size = Int(header.littleEndianUInt16(at: 6))
            guard try window.require(8 + size + 1) else {
                if options.skipBadBlocks { window.consume(window.bytes.count); damaged += 1; break }
                throw TraceError(path: path, offset: offset, reason: .truncated(
                    "log.bin ends inside a record of \(size) bytes; --skip-bad-blocks reads what comes before it"))
            }
            let record = window.bytes
            defer { window.consume(8 + size + 1) }
            var check: UInt8 = 0
            for k in 0..<(8 + size) { check ^= record[k] }
            let isActivity = type == 0x00 || type == 0x1A || type == 0x1B
            if ~check != record[8 + size] {
                if options.skipBadBlocks { skipped += isActivity ? rate : 0; damaged += 1; continue }
                throw TraceError(path: path, offset: offset, reason: .badBlock(
                    "log.bin: a record's checksum fails (the record is damaged); --skip-bad-blocks skips such records and counts their samples"))
            }
            let payload = UnsafeBufferPointer(rebasing: record[8..<(8 + size)])
            if type == 0x03 && size == 1 {
                if payload[0] == 0x08 { sleepStarted = timestamp }
                if payload[0] == 0x09, sleepStarted != nil { fillSleep(until: timestamp); sleepStarted = nil }
                continue
            }
            switch type {
            case 0x02: channels.insert(.battery)
            case 0x05: channels.insert(.light)
            case 0x19: channels.insert(.imu)
            default: break
            }
            guard isActivity, !(type != 0x1A && size == 1) else { continue }
            if let lastSecond, timestamp <= lastSecond {
                // A second already read (the device's clock set back): kept once, the later copy counted as skipped.
                skipped += type == 0x1A ? size / 6 : size * 2 / 9
                continue
            }
            sleepStarted = nil
            let count: Int
            if type == 0x1A {
                count = size / 6
                for k in 0..<count {
                    let x = Int16(bitPattern: payload.littleEndianUInt16(at: 6 * k))
                    let y = Int16(bitPattern: payload.littleEndianUInt16(at: 6 * k + 2))
                    let z = Int16(bitPattern: payload.littleEndianUInt16(at: 6 * k + 4))
                    let a = calibration.apply(Double(x), Double(y), Double(z))
                    last = Sample(time: Double(timestamp) + Double(k) / info.rate, x: a.x, y: a.y, z: a.z)
                    emit(last)
                }
            } else {
                // 12-bit values, most significant bits first; three make a sample.
                count = size * 2 / 3 / 3
                func value(_ n: Int) -> Double {
                    let byte = n / 2 * 3
                    let raw = n % 2 == 0 ? Int(payload[byte]) << 4 | Int(payload[byte + 1]) >> 4
                                         : (Int(payload[byte + 1]) & 0x0F) << 8 | Int(payload[byte + 2])
                    return Double(raw > 2047 ? raw - 4096 : raw)
                }
                for k in 0..<count {
                    let a = value(3 * k), b = value(3 * k + 1), c = value(3 * k + 2)
                    let (x, y) = type == 0x00 ? (b, a) : (a, b)
                    let m = calibration.apply(x, y, c)
                    last = Sample(time: Double(timestamp) + Double(k) / info.rate, x: m.x, y: m.y, z: m.z)
                    emit(last)
                }
            }
            if count > 0 { lastSecond = timestamp }
        }
        if window.bytes.count > 0 {
            if !options.skipBadBlocks {
                throw TraceError(path: path, offset: window.offset, reason: .truncated(
                    "log.bin ends inside a record's header; --skip-bad-blocks reads what comes before it"))
            }
            damaged += 1
            window.consume(window.bytes.count)
        }
        return (try batches.finish(path: path, body), skipped, damaged)
    }
}

extension GT3XReader {
    /// Reads the NHANES layout's `activity.bin`: 12-bit samples y, x, z, two in nine bytes, the
    /// `n`-th at `Start Date + n / rate`.
    static func readNHANES(_ stream: ByteStream, info: Info, calibration: GT3XCalibration, path: String, options: RecordingOptions, batchSize: Int,
                           _ body: (UnsafeBufferPointer<Sample>) -> Void) throws(TraceError) -> (samples: Int, skipped: Int, damaged: Int) {
        guard let start = info.start else {
            throw TraceError(path: path, reason: .unsupported("an NHANES-layout .gt3x whose info.txt gives no Start Date, so its samples have no time"))
        }
        let window = StreamWindow(stream)
        var batches = SampleBatcher(batchSize: batchSize)
        defer { batches.deallocate() }
        @inline(__always) func value(_ high: UInt8, _ low: UInt8, first: Bool) -> Double {
            let raw = first ? Int(high) << 4 | Int(low) >> 4 : (Int(high) & 0x0F) << 8 | Int(low)
            return Double(raw > 2047 ? raw - 4096 : raw)
        }
        func emit(y: Double, x: Double, z: Double) {
            let a = calibration.apply(x, y, z)
            batches.add(Sample(time: start + Double(batches.produced) / info.rate, x: a.x, y: a.y, z: a.z), body)
        }
        while try window.require(9) {
            let b = window.bytes
            emit(y: value(b[0], b[1], first: true), x: value(b[1], b[2], first: false), z: value(b[3], b[4], first: true))
            emit(y: value(b[4], b[5], first: false), x: value(b[6], b[7], first: true), z: value(b[7], b[8], first: false))
            window.consume(9)
        }
        // A last odd sample takes four and a half bytes, stored as five.
        let rest = window.bytes
        var skipped = 0
        if rest.count == 5 {
            emit(y: value(rest[0], rest[1], first: true), x: value(rest[1], rest[2], first: false), z: value(rest[3], rest[4], first: true))
        } else if rest.count > 0 && !options.skipBadBlocks {
            throw TraceError(path: path, offset: window.offset, reason: .truncated(
                "activity.bin ends \(rest.count) bytes into a pair of samples (nine bytes); --skip-bad-blocks reads what comes before them"))
        } else if rest.count > 0 {
            skipped = 1  // the sample it was cut inside
        }
        window.consume(rest.count)
        // The one pair cut short is the only damage this layout can show.
        return (try batches.finish(path: path, body), skipped, skipped)
    }
}

extension StringProtocol {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    fileprivate func replacingComma() -> String {
        String(map { $0 == "," ? "." : $0 })
    }
}
