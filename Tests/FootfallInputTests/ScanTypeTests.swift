import Testing
@testable import FootfallInput

/// Scan types as the kernel spells them, decoded as sysfs-bus-iio says.
struct ScanTypeTests {
    @Test(arguments: [
        ("le:s12/16>>4", ScanType(bigEndian: false, signed: true, bits: 12, storageBits: 16, shift: 4)),
        ("le:s32/32>>0", ScanType(bigEndian: false, signed: true, bits: 32, storageBits: 32, shift: 0)),
        ("be:u16/16>>0", ScanType(bigEndian: true, signed: false, bits: 16, storageBits: 16, shift: 0)),
        ("le:s64/64>>0", ScanType(bigEndian: false, signed: true, bits: 64, storageBits: 64, shift: 0)),
        ("be:s14/16>>2", ScanType(bigEndian: true, signed: true, bits: 14, storageBits: 16, shift: 2)),
        ("le:u8/8", ScanType(bigEndian: false, signed: false, bits: 8, storageBits: 8, shift: 0)),
        ("le:s16/16X3>>0", ScanType(bigEndian: false, signed: true, bits: 16, storageBits: 16, shift: 0, repeats: 3)),
    ])
    func parsesTheKernelsSpelling(text: String, expected: ScanType) throws {
        let parsed = try ScanType(parsing: text + "\n")
        #expect(parsed == expected)
        #expect(try ScanType(parsing: parsed.description) == parsed)
    }

    @Test(arguments: ["", "le", "xe:s16/16>>0", "le:x16/16>>0", "le:s16/24>>0", "le:s17/16>>0", "le:s12/16>>5", "le:s16/16>>-1", "le:s/16"])
    func refusesOtherText(text: String) {
        #expect(throws: SensorError.badScanType(text)) { try ScanType(parsing: text) }
    }

    @Test func decodesKnownBytes() throws {
        // kxcjk-1013: 12 bits left-justified in 16, little-endian. -1 is 0xFFF0.
        let kx = try ScanType(parsing: "le:s12/16>>4")
        #expect(kx.decode(bytes: [0xF0, 0xFF]) == -1)
        #expect(kx.decode(bytes: [0xF0, 0x7F]) == 2047)
        #expect(kx.decode(bytes: [0x00, 0x80]) == -2048)
        #expect(kx.decode(bytes: [0x1F, 0x00]) == 1, "the low 4 bits are not part of the value")
        // HID sensor hub: plain s32.
        let hid = try ScanType(parsing: "le:s32/32>>0")
        #expect(hid.decode(bytes: [0xD6, 0x02, 0x00, 0x00]) == 726)
        #expect(hid.decode(bytes: [0x11, 0xFD, 0xFF, 0xFF]) == -751)
        // Big-endian unsigned.
        #expect(try ScanType(parsing: "be:u16/16>>0").decode(bytes: [0x12, 0x34]) == 0x1234)
        // Big-endian signed 14 bits in 16 with a shift of 2.
        #expect(try ScanType(parsing: "be:s14/16>>2").decode(bytes: [0xFF, 0xFC]) == -1)
        // A 64-bit timestamp.
        #expect(try ScanType(parsing: "le:s64/64>>0").decode(bytes: [1, 0, 0, 0, 0, 0, 0, 0x80]) == Int64.min + 1)
    }

    @Test(arguments: [(12, 4, true), (12, 0, true), (10, 6, false), (16, 0, true), (14, 2, false), (24, 8, true)])
    func everyValueRoundTrips(bits: Int, shift: Int, bigEndian: Bool) {
        let storage = bits + shift <= 16 ? 16 : 32
        for signed in [true, false] {
            let type = ScanType(bigEndian: bigEndian, signed: signed, bits: bits, storageBits: storage, shift: shift)
            let lowest = signed ? -(Int64(1) << (bits - 1)) : 0
            let highest = signed ? (Int64(1) << (bits - 1)) - 1 : (Int64(1) << bits) - 1
            let span = highest - lowest
            for step in 0...200 {
                let value = lowest + span * Int64(step) / 200
                // Encode as the hardware would: shift up, fill the spare low bits with noise.
                let word = (UInt64(bitPattern: value) & ((1 << UInt64(bits)) - 1)) << UInt64(shift) | UInt64(step % (1 << shift == 0 ? 1 : 1 << shift))
                var bytes = (0..<(storage / 8)).map { UInt8(truncatingIfNeeded: word >> (8 * UInt64($0))) }
                if bigEndian { bytes.reverse() }
                #expect(type.decode(bytes: bytes) == value)
            }
        }
    }
}

extension ScanType {
    func decode(bytes: [UInt8]) -> Int64 {
        bytes.withUnsafeBytes { decode($0.baseAddress!) }
    }
}
