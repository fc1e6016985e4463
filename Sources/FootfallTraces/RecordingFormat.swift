/// The kinds of recording Footfall knows, found from a file's content.
public enum RecordingFormat: String, Sendable, Equatable {
    /// Delimited text: Footfall's `t,ax,ay,az` traces, phone and watch exports, any CSV or TSV.
    case delimited
    /// Axivity AX3/AX6 `.cwa`.
    case cwa
    /// ActiGraph `.gt3x` (a zip with `info.txt` and `log.bin`).
    case gt3x
    /// GENEActiv `.bin` (text pages).
    case geneActiv
    /// A zip that is not a GT3X.
    case zip

    /// What the format is, for people.
    public var title: String {
        switch self {
        case .delimited: return "delimited text"
        case .cwa: return "Axivity CWA"
        case .gt3x: return "ActiGraph GT3X"
        case .geneActiv: return "GENEActiv .bin"
        case .zip: return "zip archive"
        }
    }

    /// The entries that make a zip archive a `.gt3x`: any one of them (`info.txt` and `log.bin`,
    /// or `activity.bin` in the older NHANES layout).
    static let gt3xEntryNames = ["info.txt", "log.bin", "activity.bin"]

    /// The format `bytes`, a file's first (decompressed) bytes, are in; nil for binary data
    /// of no known format. What `Recording` reads a file as: found from the content, never the
    /// name.
    public static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> RecordingFormat? {
        if CWAReader.recognises(bytes) { return .cwa }
        if bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B && bytes[2] == 3 && bytes[3] == 4 {
            let names = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<min(bytes.count, 1 << 16)]), as: UTF8.self)
            return gt3xEntryNames.contains(where: names.contains) ? .gt3x : .zip
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<min(bytes.count, 64)]), as: UTF8.self)
        if text.hasPrefix("Device Identity") { return .geneActiv }
        let probe = bytes[0..<min(bytes.count, 4096)]
        if probe.contains(where: { $0 == 0 || ($0 < 32 && $0 != 9 && $0 != 10 && $0 != 13) }) { return nil }
        return .delimited
    }
}
