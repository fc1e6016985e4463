import FootfallDetection
import FootfallVocabulary

/// Reads Axivity AX3 and AX6 recordings (`.cwa`), OpenMovement's published block format: a
/// 1,024-byte header block (`MD`), then 512-byte data blocks (`AX`), each with its own
/// timestamp, rate, sample count and checksum. Samples are packed (three 10-bit axes and a
/// shared exponent in 32 bits, 1/256 g) or unpacked (16-bit axes; AX6 blocks carry the
/// gyroscope first and their accelerometer's scale in the light field's top bits).
///
/// Times are the device's clock (local time, no zone), as seconds since 1970 on that clock:
/// a block's timestamp (with the fractional part newer firmware writes) belongs to its sample
/// `timestampOffset`, and samples lie on the line between consecutive blocks' timestamps, as
/// OpenMovement's own reader places them (`CWASampleClock`). Blocks that are not data (erased flash, other block types)
/// are passed over; a data block whose checksum fails stops the read with its offset, or is
/// skipped and counted with `RecordingOptions.skipBadBlocks`.
enum CWAReader {
    static let headerLength = 1024
    static let blockLength = 512

    /// What the header says.
    struct Header: Sendable, Equatable {
        /// `AX3` or `AX6` (or the hardware type byte in hex when unknown).
        var device: String
        /// The device's serial number.
        var deviceID: Int
        /// The session (recording) id.
        var sessionID: UInt32
        /// The configured rate, Hz.
        var rate: Double
        /// The configured range, ± g.
        var range: Int
    }

    /// Whether `bytes` starts like a CWA header block.
    static func recognises(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x4D && bytes[1] == 0x44 && bytes.littleEndianUInt16(at: 2) >= 0x0100
    }

    static func readHeader(_ window: StreamWindow, path: String) throws(TraceError) -> Header {
        guard try window.require(headerLength) else {
            throw TraceError(path: path, offset: 0, reason: .truncated("a CWA file starts with a \(headerLength)-byte header; this one has \(window.bytes.count) bytes"))
        }
        let bytes = window.bytes
        let hardware = bytes[4]
        let lower = Int(bytes.littleEndianUInt16(at: 5)), upper = Int(bytes.littleEndianUInt16(at: 11))
        let rateCode = bytes[36]
        let header = Header(device: hardware == 0x64 ? "AX6" : (hardware == 0x00 || hardware == 0xFF || hardware == 0x17) ? "AX3" : "hardware 0x\(String(hardware, radix: 16))",
                            deviceID: (upper == 0xFFFF ? 0 : upper << 16) | lower, sessionID: bytes.littleEndianUInt32(at: 7),
                            rate: rate(code: rateCode), range: 16 >> Int(rateCode >> 6))
        // The header's length field says where the data blocks start (1,024 on every device made).
        let length = Int(bytes.littleEndianUInt16(at: 2)) + 4
        guard try window.require(length) else { throw TraceError(path: path, offset: 0, reason: .truncated("the header block is cut short")) }
        window.consume(length)
        return header
    }

    /// The rate a rate code stands for: 3,200 Hz halved (15 - its low four bits) times.
    static func rate(code: UInt8) -> Double {
        3200 / Double(1 << (15 - Int(code & 0x0F)))
    }

    /// Reads every data block after the header, handing samples to `body` in batches.
    /// - Returns: samples read, samples in skipped blocks, and the damaged blocks skipped.
    /// - Parameter channels: gets what the data blocks hold besides the accelerometer.
    static func read(_ window: StreamWindow, path: String, options: RecordingOptions, batchSize: Int,
                     channels: inout Set<RecordingChannel>,
                     _ body: (UnsafeBufferPointer<Sample>) -> Void) throws(TraceError) -> (samples: Int, skipped: Int, damaged: Int) {
        var axesSeen = 0
        var batches = SampleBatcher(batchSize: batchSize)
        defer { batches.deallocate() }
        var skipped = 0, damaged = 0
        var previousTime = -Double.infinity
        var clock = CWASampleClock()
        defer { clock.deallocate() }
        // Hands on a timed sample.
        func emit(_ timed: Sample) {
            var sample = timed
            // A clock set by hand can put a block before the last: time never goes back in
            // what is handed on.
            sample.time = max(sample.time, previousTime)
            previousTime = sample.time
            batches.add(sample, body)
        }
        while try window.require(blockLength) {
            let offset = window.offset
            let block = window.bytes
            defer { window.consume(blockLength) }
            guard block[0] == 0x41, block[1] == 0x58 else { continue }  // not a data block
            let count = Int(block.littleEndianUInt16(at: 28))
            var problem: String?
            if block.littleEndianUInt16(at: 2) != 508 {
                problem = "a data block's length field is \(block.littleEndianUInt16(at: 2)), not 508"
            } else if checksum(block) != 0 {
                problem = "a data block's checksum fails (the block is damaged)"
            }
            let axesAndBytes = block[25]
            let axes = Int(axesAndBytes >> 4), bytesPerSample = Int(axesAndBytes & 0x0F)
            let packed = bytesPerSample == 0
            if problem == nil {
                if !(axes == 3 || axes == 6 || axes == 9) || !(packed ? axes == 3 : bytesPerSample == 2) {
                    problem = "a data block has \(axes) axes of \(bytesPerSample) bytes, a layout CWA does not define"
                } else if count * (packed ? 4 : 2 * axes) > 480 {
                    problem = "a data block says it holds \(count) samples, more than its 480 bytes can"
                } else if block[24] == 0 {
                    problem = "a data block gives no sampling rate"
                }
            }
            if let problem {
                if options.skipBadBlocks {
                    // The skipped samples keep their places, so the blocks around them stay timed.
                    if count <= 120 { skipped += count; clock.skip(count) }
                    damaged += 1
                    continue
                }
                throw TraceError(path: path, offset: offset, reason: .badBlock(problem + "; --skip-bad-blocks skips such blocks and counts their samples"))
            }
            let rate = rate(code: block[24])
            var timestamp = time(packed: block.littleEndianUInt32(at: 14))
            var offsetSamples = Double(Int16(bitPattern: block.littleEndianUInt16(at: 26)))
            // A fractional timestamp (top bit of the device-id field): the clock's 1/65,536 s
            // on top of the whole second, and the offset moved back by the whole samples that
            // fraction spans (the firmware's shim for readers that ignore it), undone here.
            let fractionalField = block.littleEndianUInt16(at: 4)
            if fractionalField & 0x8000 != 0 {
                let fractional = Int(fractionalField & 0x7FFF) << 1
                offsetSamples += Double((fractional * Int(rate)) >> 16)
                timestamp += Double(fractional) / 65_536
            }
            // AX6: the accelerometer after the gyroscope, in units of 1/2^(8+n) g.
            let scale = 9.80665 / Double(1 << (8 + Int((block.littleEndianUInt16(at: 18) >> 13) & 0x07)))
            let accelerometer = axes >= 6 ? 3 : 0
            axesSeen = max(axesSeen, axes)
            let blockStart = clock.nextIndex
            clock.reserve(count, emit)
            for index in 0..<count {
                if packed {
                    let value = block.littleEndianUInt32(at: 30 + 4 * index)
                    let exponent = value >> 30
                    clock.append(x: Double(signExtend10(value) << exponent) * (9.80665 / 256),
                                 y: Double(signExtend10(value >> 10) << exponent) * (9.80665 / 256),
                                 z: Double(signExtend10(value >> 20) << exponent) * (9.80665 / 256))
                } else {
                    let base = 30 + 2 * (axes * index + accelerometer)
                    clock.append(x: Double(Int16(bitPattern: block.littleEndianUInt16(at: base))) * scale,
                                 y: Double(Int16(bitPattern: block.littleEndianUInt16(at: base + 2))) * scale,
                                 z: Double(Int16(bitPattern: block.littleEndianUInt16(at: base + 4))) * scale)
                }
            }
            clock.stamp(blockStart: blockStart, offset: offsetSamples, time: timestamp, configuredRate: rate, emit)
        }
        if window.bytes.count > 0 {
            let rest = window.bytes.count
            if !options.skipBadBlocks {
                throw TraceError(path: path, offset: window.offset, reason: .truncated(
                    "the last block has \(rest) of its \(blockLength) bytes; --skip-bad-blocks reads what comes before it"))
            }
            damaged += 1
            window.consume(rest)
        }
        // The samples after the last timestamp keep the rate measured up to it.
        clock.finish(emit)
        // Every data block gives light and temperature; an AX6 the gyroscope (and a magnetometer
        // in nine-axis blocks).
        channels.formUnion([.light, .temperature])
        if axesSeen >= 6 { channels.insert(.gyroscope) }
        if axesSeen >= 9 { channels.insert(.magnetometer) }
        return (try batches.finish(path: path, body), skipped, damaged)
    }

    /// A CWA timestamp, `YYYYYYMM MMDDDDDh hhhhmmmm mmssssss` from 2000, as seconds since 1970
    /// on the device's clock.
    static func time(packed value: UInt32) -> Double {
        let year = Int((value >> 26) & 0x3F) + 2000
        let month = Int((value >> 22) & 0x0F), day = Int((value >> 17) & 0x1F)
        let hour = Int((value >> 12) & 0x1F), minute = Int((value >> 6) & 0x3F), second = Int(value & 0x3F)
        return Double(CivilCalendar.daysSince1970(year: year, month: max(1, month), day: max(1, day)) * 86_400
                      + hour * 3600 + minute * 60 + second)
    }

    /// The sum of a block's 16-bit words: 0 for an intact block.
    static func checksum(_ block: UnsafeBufferPointer<UInt8>) -> UInt16 {
        var sum: UInt16 = 0
        for word in 0..<(blockLength / 2) { sum &+= block.littleEndianUInt16(at: 2 * word) }
        return sum
    }

    @inline(__always) static func signExtend10(_ value: UInt32) -> Int {
        let bits = Int(value & 0x3FF)
        return bits >= 512 ? bits - 1024 : bits
    }
}
