/// How one channel's value is stored in an IIO scan: the kernel's `in_*_type` string, such
/// as `le:s12/16>>4` (little-endian, signed, 12 significant bits in 16 bits of storage,
/// shifted right by 4) or `le:s32/32>>0` (a HID sensor hub).
///
/// Decoding follows sysfs-bus-iio: read the storage bits in the given byte order, shift right
/// by the shift, keep the significant bits, and sign-extend if signed.
public struct ScanType: Sendable, Equatable, CustomStringConvertible {
    /// Whether storage is big-endian.
    public var bigEndian: Bool
    /// Whether the value is signed (two's complement).
    public var signed: Bool
    /// Significant bits.
    public var bits: Int
    /// Storage bits: 8, 16, 32 or 64.
    public var storageBits: Int
    /// Right shift before the significant bits are taken.
    public var shift: Int
    /// How many values of this type the channel holds in a scan.
    public var repeats: Int

    /// Creates a scan type.
    public init(bigEndian: Bool, signed: Bool, bits: Int, storageBits: Int, shift: Int, repeats: Int = 1) {
        self.bigEndian = bigEndian
        self.signed = signed
        self.bits = bits
        self.storageBits = storageBits
        self.shift = shift
        self.repeats = repeats
    }

    /// Parses the kernel's type string: `[be|le]:[s|u]BITS/STORAGEBITS[Xrepeat][>>SHIFT]`.
    /// - Throws: `SensorError.badScanType` when the string is not in that form.
    public init(parsing text: String) throws(SensorError) {
        let trimmed = text.trimmingWhitespace()
        let parts = trimmed.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0] == "le" || parts[0] == "be",
              let signChar = parts[1].first, signChar == "s" || signChar == "u" || signChar == "S" || signChar == "U"
        else { throw .badScanType(text) }
        var rest = Substring(parts[1].dropFirst())
        var shift = 0
        if let range = rest.firstRange(of: ">>") {
            guard let value = Int(rest[range.upperBound...]), value >= 0 else { throw .badScanType(text) }
            shift = value
            rest = rest[..<range.lowerBound]
        }
        var repeats = 1
        if let x = rest.firstIndex(of: "X") {
            guard let value = Int(rest[rest.index(after: x)...]), value >= 1 else { throw .badScanType(text) }
            repeats = value
            rest = rest[..<x]
        }
        let sizes = rest.split(separator: "/")
        guard sizes.count == 2, let bits = Int(sizes[0]), let storage = Int(sizes[1]),
              [8, 16, 32, 64].contains(storage), bits >= 1, bits + shift <= storage
        else { throw .badScanType(text) }
        self.init(bigEndian: parts[0] == "be", signed: signChar == "s" || signChar == "S", bits: bits,
                  storageBits: storage, shift: shift, repeats: repeats)
    }

    /// Bytes one value occupies in the scan.
    public var storageBytes: Int { storageBits / 8 }

    /// The kernel's spelling.
    public var description: String {
        "\(bigEndian ? "be" : "le"):\(signed ? "s" : "u")\(bits)/\(storageBits)\(repeats > 1 ? "X\(repeats)" : "")>>\(shift)"
    }

    /// Decodes one value stored at `pointer` (no alignment needed).
    public func decode(_ pointer: UnsafeRawPointer) -> Int64 {
        var raw: UInt64 = 0
        for i in 0..<storageBytes {
            let byte = UInt64(pointer.load(fromByteOffset: bigEndian ? i : storageBytes - 1 - i, as: UInt8.self))
            raw = raw << 8 | byte
        }
        raw >>= UInt64(shift)
        if bits < 64 {
            let mask: UInt64 = (1 << UInt64(bits)) - 1
            raw &= mask
            if signed && raw & (1 << UInt64(bits - 1)) != 0 { raw |= ~mask }
        }
        return Int64(bitPattern: raw)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
