/// Whether the daemon's samples are coming.
///
/// Decoding is lenient, as for `SourceKind`: a state this version does not know decodes as
/// `unknown`.
public enum SourceState: String, Sendable, Codable, CaseIterable {
    /// The source is being opened.
    case starting
    /// Samples arrive.
    case up
    /// The device was lost and is being looked for.
    case down
    /// A replay that reached its end; the daemon still serves.
    case finished
    /// A state this version does not know (never sent; what an unknown name decodes as).
    case unknown

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = SourceState(rawValue: text) ?? .unknown
    }
}
