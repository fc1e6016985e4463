import FootfallProtocol

/// Answers the socket's requests: the daemon implements it; the socket server only frames,
/// parses and delivers.
public protocol RequestHandler: Sendable {
    /// The reply to one request from `peer` (nil when the kernel did not say who it is).
    func reply(to envelope: RequestEnvelope, from peer: PeerCredentials?) async -> ServerMessage
    /// The banner sent when a client connects.
    var banner: ServerMessage { get }
}
