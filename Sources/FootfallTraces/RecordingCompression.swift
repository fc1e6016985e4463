/// How a recording's bytes are compressed, found from its first bytes (not its name).
public enum RecordingCompression: String, Sendable, Equatable, CaseIterable {
    /// Not compressed.
    case none
    /// gzip (or a bare zlib stream), through zlib; several members in a row are read as one.
    case gzip
    /// xz, through liblzma.
    case xz
    /// Zstandard, through libzstd.
    case zstd
    /// bzip2: recognised, not read (no reason yet to carry libbz2).
    case bzip2

    /// The compression whose magic number `prefix` starts with; `.none` when none does.
    public static func detect(_ prefix: UnsafeRawBufferPointer) -> RecordingCompression {
        func starts(_ magic: [UInt8]) -> Bool {
            prefix.count >= magic.count && zip(prefix, magic).allSatisfy { $0 == $1 }
        }
        if starts([0x1F, 0x8B]) { return .gzip }
        if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
        if starts([0x28, 0xB5, 0x2F, 0xFD]) { return .zstd }
        if starts([0x42, 0x5A, 0x68]), prefix.count >= 4, (0x31...0x39).contains(prefix[3]) { return .bzip2 }
        return .none
    }
}
