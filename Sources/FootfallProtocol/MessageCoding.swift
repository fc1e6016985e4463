#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How every message is written and read: JSON with snake_case keys (`cadence_spm` for
/// `cadenceSpm`), sorted, so the same message is always the same bytes (docs, tests, diffs).
enum MessageCoding {
    /// The encoder for server messages.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }

    /// The decoder for server messages (clients).
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}
