#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallProtocol
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Serves the JSON-lines protocol on a Unix socket (never TCP), mode 0660.
///
/// Each connection is a child task: it sends the VERSION banner, then reads request lines
/// (at most 64 KiB each) and queues the replies; a writer drains the queue into the socket at
/// the client's pace. `watch` adds the connection to the `EventHub`. A client that sends a
/// line too long, or stops reading while the daemon has things to tell it, is disconnected;
/// the other clients and the daemon are not affected, and each connection's memory is bounded
/// by its queues.
public struct SocketService: Service, CustomStringConvertible {
    public var description: String { "SocketService(\(path))" }
    let path: String
    let handler: RequestHandler
    let hub: EventHub
    let logger: Logger
    let group: EventLoopGroup
    /// Replies and events a connection may have queued before it is cut off.
    let mailboxLimit = 64
    /// Connections served at once; more are refused.
    let maximumConnections = 1024

    let onListening: @Sendable () -> Void

    /// Creates the service.
    /// - Parameter onListening: called once the socket accepts connections (systemd's READY).
    public init(path: String, handler: RequestHandler, hub: EventHub, logger: Logger,
                group: EventLoopGroup = MultiThreadedEventLoopGroup.singleton, onListening: @escaping @Sendable () -> Void = {}) {
        self.onListening = onListening
        self.path = path
        self.handler = handler
        self.hub = hub
        self.logger = logger
        self.group = group
    }

    public func run() async throws {
        try Self.prepare(path: path)
        // Set once shutdown begins: a connection accepted from then on is closed at once rather
        // than wrapped for a server loop that has ended (NIO stops the process on an
        // NIOAsyncChannel dropped without `executeThenClose`).
        let stopping = NIOLockedValueBox(false)
        let server = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .bind(unixDomainSocketPath: path, cleanupExistingSocketFile: true) { channel in
                PeerCredentials.of(channel).flatMapThrowing { peer in
                    guard !stopping.withLockedValue({ $0 }) else {
                        channel.close(promise: nil)
                        throw ChannelError.ioOnClosedChannel
                    }
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder()))
                    let wrapped = try NIOAsyncChannel<LineFrame, ByteBuffer>(wrappingChannelSynchronously: channel)
                    return Connection(channel: wrapped, peer: peer)
                }
            }
        chmod(path, 0o660)
        logger.info("listening", metadata: ["socket.path": "\(path)"])
        onListening()
        let active = ManagedAtomicCounter()
        try await withThrowingDiscardingTaskGroup { tasks in
            // Graceful shutdown closes the listening socket first, so clients see it go; the loop
            // then takes the connections already accepted (each is served, or ends at once below),
            // never dropping one, and ends.
            try await withGracefulShutdownHandler {
                try await server.executeThenClose { inbound in
                    for try await connection in inbound {
                        guard active.increment() <= maximumConnections else {
                            active.decrement()
                            logger.warning("too many connections; refusing one", metadata: ["socket.connections": "\(maximumConnections)"])
                            try? await connection.channel.executeThenClose { _, _ in }
                            continue
                        }
                        tasks.addTask {
                            await serve(connection)
                            active.decrement()
                        }
                    }
                }
            } onGracefulShutdown: {
                stopping.withLockedValue { $0 = true }
                server.channel.close(promise: nil)
            }
            // The socket is closed: so are its connections.
            tasks.cancelAll()
        }
        unlink(path)
        logger.info("socket closed", metadata: ["socket.path": "\(path)"])
    }

    struct Connection: Sendable {
        let channel: NIOAsyncChannel<LineFrame, ByteBuffer>
        let peer: PeerCredentials?
    }

    /// Serves one client until it goes away, errs, or falls too far behind.
    func serve(_ connection: Connection) async {
        let (mailbox, post) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingOldest(mailboxLimit))
        let channel = connection.channel.channel
        /// Queues a line; a full mailbox means the client is not reading: disconnect it.
        @Sendable func send(_ line: [UInt8]) -> Bool {
            if case .dropped = post.yield(line) {
                channel.close(promise: nil)
                return false
            }
            return true
        }
        _ = send(handler.banner.encodedLine())
        var watcher: Int?
        do {
            try await connection.channel.executeThenClose { inbound, outbound in
                try await withThrowingTaskGroup(of: Void.self) { tasks in
                    tasks.addTask {
                        for await line in mailbox {
                            try await outbound.write(ByteBuffer(bytes: line))
                        }
                    }
                    reading: for try await frame in inbound {
                        switch frame {
                        case .tooLong:
                            let error = ProtocolError(.tooLong, "a request line may be at most \(ProtocolVersion.maximumLineLength) bytes; closing")
                            _ = send(ServerMessage.error(ErrorMessage(error)).encodedLine())
                            break reading
                        case .line(let bytes):
                            let view = bytes.readableBytesView
                            if view.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
                            let reply: ServerMessage
                            do throws(ProtocolError) {
                                let envelope = try RequestParser.parse(view)
                                reply = await handler.reply(to: envelope, from: connection.peer)
                                if case .watch(let enable) = envelope.request {
                                    if enable, watcher == nil {
                                        let (id, events) = hub.add()
                                        watcher = id
                                        tasks.addTask {
                                            for await event in events where !send(event.line) { break }
                                        }
                                    } else if !enable, let id = watcher {
                                        hub.remove(id)
                                        watcher = nil
                                    }
                                }
                            } catch {
                                reply = .error(ErrorMessage(error))
                            }
                            if !send(reply.encodedLine()) { break reading }
                        }
                    }
                    if let watcher { hub.remove(watcher) }
                    watcher = nil
                    post.finish()
                    try await tasks.next()
                    tasks.cancelAll()
                }
            }
        } catch {
            logger.debug("connection ended", metadata: ["error": "\(error)"])
        }
        if let watcher { hub.remove(watcher) }
        post.finish()
    }

    /// Makes sure the socket's folder exists and that no other daemon is serving the path.
    /// - Throws: `DaemonError.socketInUse` when a live server answers on the path.
    static func prepare(path: String) throws {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o750])
        }
        guard FileManager.default.fileExists(atPath: path) else { return }
        if SocketProbe.isListening(path) { throw DaemonError.socketInUse(path) }
    }
}

/// A counter shared by connection tasks.
final class ManagedAtomicCounter: Sendable {
    private let value = Synchronization.Atomic<Int>(0)
    func increment() -> Int { value.add(1, ordering: .relaxed).newValue }
    func decrement() { value.subtract(1, ordering: .relaxed) }
}

