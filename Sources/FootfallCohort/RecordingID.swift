/// A recording's name in a study: fixed when the study is planned (from its path in a
/// folder, or a manifest's `id` column), the first column of its rows in every table, the name
/// of its part, and what chooses its shard.
public struct RecordingID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The name as the plan writes it.
    public let rawValue: String

    /// The longest name taken, in bytes of UTF-8.
    public static let maximumLength = 1000

    /// A name: not empty, without control characters (a line break or a tab would break the
    /// tables) or spaces around it, at most `maximumLength` bytes.
    /// - Throws: `StudyError.badID` saying which rule the name breaks.
    public init(_ text: String) throws(StudyError) {
        guard !text.isEmpty else { throw .badID(text, "it is empty") }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw .badID(text, "it holds a control character (a line break or a tab)")
        }
        guard text.first != " " && text.last != " " else { throw .badID(text, "it starts or ends with a space") }
        guard text.utf8.count <= RecordingID.maximumLength else {
            throw .badID(String(text.prefix(40)) + "...", "it is longer than \(RecordingID.maximumLength) bytes")
        }
        rawValue = text
    }

    public var description: String { rawValue }

    public static func < (a: RecordingID, b: RecordingID) -> Bool { a.rawValue < b.rawValue }

    /// FNV-1a over the name's UTF-8: the same on every machine, in every process and every
    /// release (Swift's own `Hasher` is seeded anew in each process), so a recording stays in
    /// its shard when recordings are added to the study.
    public var stableHash: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in rawValue.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The folder of `parts/` its part is in: one of 256, from the hash, so that no folder of
    /// a study of 100,000 recordings holds more than a few hundred files.
    var partFolder: String {
        let value = Int(stableHash >> 56)
        let digits = Array("0123456789abcdef")
        return String([digits[value >> 4], digits[value & 15]])
    }

    /// The name of its part's file, without the ending: the name with every byte outside
    /// `A-Z a-z 0-9 - _` and a dot inside written as `%XX` (so `site/P1` and `site%2FP1` stay
    /// apart), shortened with the hash when long.
    var partName: String {
        var name = ""
        for (offset, byte) in rawValue.utf8.enumerated() {
            let keep = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || (byte == 0x2E && offset > 0)
            if keep {
                name.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                name += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        guard name.utf8.count > 200 else { return name }
        let hash = String(stableHash, radix: 16)
        return String(name.prefix(180)) + "~" + String(repeating: "0", count: 16 - hash.count) + hash
    }
}
