/// Whether the daemon's samples are coming.
public enum SourceState: String, Sendable, Codable, CaseIterable {
    /// The source is being opened.
    case starting
    /// Samples arrive.
    case up
    /// The device was lost and is being looked for.
    case down
    /// A replay that reached its end; the daemon still serves.
    case finished
}
