/// Unsigned integers stored least significant byte first, read from bytes at any offset (no
/// alignment needed): the fields of CWA blocks, zip records and GT3X log records.
///
/// One set of readers for every binary format, on the buffers the readers parse in place and
/// the arrays `ZipArchive` reads a directory into alike.
extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// The two bytes at `offset`, least significant first.
    @inline(__always) func littleEndianUInt16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    /// The four bytes at `offset`, least significant first.
    @inline(__always) func littleEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(littleEndianUInt16(at: offset)) | UInt32(littleEndianUInt16(at: offset + 2)) << 16
    }

    /// The eight bytes at `offset`, least significant first.
    @inline(__always) func littleEndianUInt64(at offset: Int) -> UInt64 {
        UInt64(littleEndianUInt32(at: offset)) | UInt64(littleEndianUInt32(at: offset + 4)) << 32
    }
}
