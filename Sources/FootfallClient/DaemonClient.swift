import Foundation
import FootfallProtocol
import NIOCore
import NIOPosix

/// Why the daemon could not be asked.
public enum ClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing listens on the socket: the daemon is not running (or runs elsewhere).
    case daemonNotRunning(socket: String)
    /// The socket exists but this user may not connect.
    case permissionDenied(socket: String)
    /// The daemon closed the connection before answering.
    case connectionClosed
    /// The daemon sent something that is not a protocol message.
    case badReply(String)
    /// The daemon refused the request.
    case refused(code: ProtocolError.Code, message: String)

    public var description: String {
        switch self {
        case .daemonNotRunning(let socket):
            return "footfalld is not running (nothing at \(socket)). Start it with 'systemctl --user start footfalld', or try it on a sample: footfalld --replay SampleTraces/oxford/Samsung_Dario_Hard_InHand_1.csv &"
        case .permissionDenied(let socket):
            return "Cannot connect to \(socket): permission denied. The socket is for the daemon's user and group: add yourself to that group (sudo usermod -aG footfall $USER) or use --socket."
        case .connectionClosed:
            return "footfalld closed the connection before answering."
        case .badReply(let detail):
            return "footfalld sent something unexpected: \(detail)"
        case .refused(let code, let message):
            return "footfalld refused: \(message) (\(code.rawValue))"
        }
    }
}

/// Where the daemon's socket is: `--socket`, else `$FOOTFALL_SOCKET`, else the user's
/// `$XDG_RUNTIME_DIR/footfall.sock` when it exists, else the system service's
/// `/run/footfall/footfall.sock`.
public enum SocketLocation {
    /// The system service's socket.
    public static let system = "/run/footfall/footfall.sock"

    /// The socket a user daemon listens on by default, if there is a runtime directory.
    public static func user(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 + "/footfall.sock" }
    }

    /// The socket a client should use.
    public static func resolve(_ explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit { return explicit }
        if let configured = environment["FOOTFALL_SOCKET"], !configured.isEmpty { return configured }
        if let user = user(environment: environment), FileManager.default.fileExists(atPath: user) { return user }
        return FileManager.default.fileExists(atPath: system) ? system : (user(environment: environment) ?? system)
    }
}

/// Talks to footfalld: send requests, read replies and watch events.
///
/// Use `DaemonClient.withConnection(to:)`; the connection closes when the closure returns.
public enum DaemonClient {
    /// Connects, reads the banner, runs `body`, then closes.
    /// - Throws: `ClientError.daemonNotRunning` when no daemon answers, and what `body` throws.
    public static func withConnection<Result: Sendable>(
        to socket: String, _ body: (inout Session) async throws -> Result
    ) async throws -> Result {
        let channel: NIOAsyncChannel<LineFrame, ByteBuffer>
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(unixDomainSocketPath: socket) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder(maximumLength: 64 << 20)))
                        return try NIOAsyncChannel<LineFrame, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch let error as IOError where error.errnoCode == EACCES || error.errnoCode == EPERM {
            throw ClientError.permissionDenied(socket: socket)
        } catch {
            throw ClientError.daemonNotRunning(socket: socket)
        }
        return try await channel.executeThenClose { inbound, outbound in
            var session = Session(iterator: inbound.makeAsyncIterator(), outbound: outbound)
            guard case .version(let banner) = try await session.next() else {
                throw ClientError.badReply("no VERSION banner")
            }
            session.version = banner
            return try await body(&session)
        }
    }

    /// One open conversation with the daemon.
    public struct Session {
        var iterator: NIOAsyncChannelInboundStream<LineFrame>.AsyncIterator
        let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
        /// The daemon's banner.
        public internal(set) var version = VersionMessage(release: "?")
        /// Watch events that arrived while waiting for a reply, in order.
        public var pendingEvents: [ServerMessage] = []

        /// Sends a request without waiting.
        public func send(_ request: Request) async throws {
            try await outbound.write(ByteBuffer(bytes: request.encodedLine()))
        }

        /// The next message from the daemon.
        public mutating func next() async throws -> ServerMessage {
            if !pendingEvents.isEmpty { return pendingEvents.removeFirst() }
            guard let frame = try await iterator.next() else { throw ClientError.connectionClosed }
            guard case .line(let bytes) = frame else { throw ClientError.badReply("a line longer than 64 MiB") }
            do {
                return try ServerMessage.decode(line: bytes.readableBytesView)
            } catch {
                throw ClientError.badReply(String(buffer: bytes).prefix(200).description)
            }
        }

        /// Sends a request and returns its reply; watch events that arrive first are kept in
        /// `pendingEvents`. An ERROR reply becomes `ClientError.refused`.
        public mutating func ask(_ request: Request) async throws -> ServerMessage {
            try await send(request)
            var events: [ServerMessage] = []
            while true {
                let message = try await next()
                switch message {
                case .progress, .step, .milestone:
                    events.append(message)
                case .error(let error):
                    pendingEvents = events + pendingEvents
                    throw ClientError.refused(code: error.code, message: error.message)
                default:
                    pendingEvents = events + pendingEvents
                    return message
                }
            }
        }
    }
}
