/// Where the daemon's samples come from, and whether they are coming.
public struct SourceStatus: Codable, Sendable, Equatable {
    /// The kind of source.
    public var kind: SourceKind
    /// The device id or trace path.
    public var device: String
    /// The device's name.
    public var name: String
    /// Whether samples are coming.
    public var state: SourceState
    /// Times the device was lost since start.
    public var losses: Int
    /// The rate samples arrive at, Hz, when known.
    public var rateHz: Double?

    public init(kind: SourceKind, device: String, name: String, state: SourceState, losses: Int, rateHz: Double?) {
        self.kind = kind
        self.device = device
        self.name = name
        self.state = state
        self.losses = losses
        self.rateHz = rateHz
    }
}
