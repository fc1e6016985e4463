import Foundation
import FootfallClient
import FootfallProtocol
import FootfallTestSupport
import NIOConcurrencyHelpers
import ServiceLifecycleTestKit
import Testing
@testable import FootfallService
#if canImport(Glibc)
import Glibc
#endif

/// The socket server in process, on a real Unix socket, answering through a real `DaemonCore`:
/// the banner, replies in order to the peer the kernel names, watchers fed by the hub, lines
/// it refuses, and the socket's file from start to shutdown.
struct SocketServiceTests {
    /// Answers as the daemon does and keeps who asked.
    final class RecordingHandler: RequestHandler {
        let core: DaemonCore
        let peers = NIOLockedValueBox<[PeerCredentials?]>([])

        init(_ core: DaemonCore) { self.core = core }

        var banner: ServerMessage { core.banner }

        func reply(to envelope: RequestEnvelope, from peer: PeerCredentials?) async -> ServerMessage {
            peers.withLockedValue { $0.append(peer) }
            return await core.reply(to: envelope, from: peer)
        }
    }

    /// Serves `parts` on a socket in their folder while `body` runs, then shuts down gracefully.
    func serving(_ parts: DaemonParts, handler: RequestHandler? = nil,
                 _ body: @escaping @Sendable (_ path: String) async throws -> Void) async throws {
        let path = parts.folder.path + "/footfall.sock"
        let listening = NIOLockedValueBox(false)
        let service = SocketService(path: path, handler: handler ?? parts.core, hub: parts.hub, logger: quietLogger,
                                    onListening: { listening.withLockedValue { $0 = true } })
        try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await service.run() }
                try await eventually("the socket to listen") { listening.withLockedValue { $0 } }
                try await body(path)
                trigger.triggerGracefulShutdown()
                try await group.waitForAll()
            }
        }
        #expect(!FileManager.default.fileExists(atPath: path), "the socket's file is removed at shutdown")
    }

    /// Runs blocking socket work on a thread of its own, off the two-thread cooperative pool.
    func blocking<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Swift.Result { try work() }) }.start()
        }
    }

    @Test func aClientGetsTheBannerAndRepliesInOrderAsTheKernelNamesIt() async throws {
        let parts = try DaemonParts()
        parts.walk(12)
        let handler = RecordingHandler(parts.core)
        try await serving(parts, handler: handler) { path in
            var mode = stat()
            #expect(stat(path, &mode) == 0 && mode.st_mode & 0o777 == 0o660, "only the daemon's user and group may connect")
            try await DaemonClient.withConnection(to: path) { session in
                #expect(session.version.release == DaemonParts.release)
                try await session.send(.status)
                try await session.send(.goal(set: nil))
                guard case .status(let status) = try await session.next() else { Issue.record("STATUS not first"); return }
                #expect(status.steps == 12)
                guard case .goal(let goal) = try await session.next() else { Issue.record("GOAL not second"); return }
                #expect(goal.goal == 10_000)
            }
        }
        let peers = handler.peers.withLockedValue { $0 }
        #expect(peers.count == 2)
        #expect(peers.allSatisfy { $0?.pid == getpid() && $0?.uid == getuid() }, "\(peers)")
    }

    @Test func aWatcherGetsTheHubsEventsUntilItStops() async throws {
        let parts = try DaemonParts()
        try await serving(parts) { path in
            try await DaemonClient.withConnection(to: path) { session in
                let watching = try await session.ask(.watch(true))
                #expect(watching == .watch(WatchMessage(enable: true)))
                #expect(parts.hub.count == 1)
                let steps = [StepRecord(time: 1_780_315_200.5, cadenceSpm: 104)]
                parts.hub.publish(DaemonEvent(.steps(steps, total: 1)))
                let event = try await session.next()
                #expect(event == .step(StepMessage(steps: steps, total: 1)))
                let stopped = try await session.ask(.watch(false))
                #expect(stopped == .watch(WatchMessage(enable: false)))
                #expect(parts.hub.count == 0)
                parts.hub.publish(DaemonEvent(.steps(steps, total: 2)))
                let version = try await session.ask(.version)
                #expect(version == .version(VersionMessage(release: DaemonParts.release)))
                #expect(session.pendingEvents.isEmpty, "no event after watching stopped")
            }
        }
    }

    @Test func badLinesGetErrorsAndALineTooLongEndsTheConnection() async throws {
        let parts = try DaemonParts()
        try await serving(parts) { path in
            let answers = try await self.blocking { () throws -> [String?] in
                let client = try RawSocket(path: path)
                var answers = [client.readLine()]
                client.send("   \n{\"cmd\":\"dance\"}\nnot json\n{\"cmd\":\"version\",\"id\":3}\n")
                for _ in 0..<3 { answers.append(client.readLine()) }
                client.send(String(repeating: "x", count: ProtocolVersion.maximumLineLength + 10))
                answers.append(client.readLine())
                answers.append(client.readsToClose() ? "closed" : "open")
                return answers
            }
            #expect(answers.count == 6)
            #expect(answers[0]?.contains("\"class\":\"VERSION\"") == true)
            #expect(answers[1]?.contains("\"code\":\"unknown-command\"") == true, "blank lines are passed over: \(answers)")
            #expect(answers[2]?.contains("\"code\":\"bad-json\"") == true)
            #expect(answers[3]?.contains("\"id\":3") == true && answers[3]?.contains("\"class\":\"VERSION\"") == true)
            #expect(answers[4]?.contains("\"code\":\"too-long\"") == true)
            #expect(answers[5] == "closed")
        }
    }

    /// Clients connecting while the daemon stops: each is served or closed, none is dropped
    /// (NIO stops the process on a connection dropped unclosed, which this once did).
    @Test func connectionsArrivingAsTheServerStopsAreClosedNotDropped() async throws {
        let parts = try DaemonParts()
        let connecting = NIOLockedValueBox(true)
        let connected = NIOLockedValueBox(0)
        try await serving(parts) { path in
            Thread {
                while connecting.withLockedValue({ $0 }) {
                    if SocketProbe.isListening(path) { connected.withLockedValue { $0 += 1 } }
                }
            }.start()
            try await eventually("clients connecting") { connected.withLockedValue { $0 } > 20 }
        }
        connecting.withLockedValue { $0 = false }
        #expect(connected.withLockedValue { $0 } > 20)
    }

    @Test func aSecondServerOnALiveSocketIsRefused() async throws {
        let parts = try DaemonParts()
        try await serving(parts) { path in
            let second = SocketService(path: path, handler: parts.core, hub: parts.hub, logger: quietLogger)
            await #expect(throws: DaemonError.socketInUse(path)) { try await second.run() }
            #expect(FileManager.default.fileExists(atPath: path), "the first one's socket stays")
        }
    }
}
