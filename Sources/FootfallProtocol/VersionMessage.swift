/// The VERSION banner, sent on connect and in reply to `version`.
public struct VersionMessage: Codable, Sendable, Equatable {
    public var `class` = MessageClass.version
    public var id: RequestID?
    /// The daemon's release.
    public var release: String
    public var protoMajor = ProtocolVersion.major
    public var protoMinor = ProtocolVersion.minor

    public init(release: String, id: RequestID? = nil) {
        self.release = release
        self.id = id
    }
}
