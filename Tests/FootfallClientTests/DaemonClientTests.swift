import Foundation
import FootfallClient
import FootfallGoals
import FootfallProtocol
import Testing

/// The client against a real Unix socket whose server plays a script: the banner, requests as
/// the protocol writes them, events kept while waiting for a reply, refusals, and a server that
/// is not there, says nothing sensible or goes away.
struct DaemonClientTests {
    static let banner = #"{"class":"VERSION","proto_major":1,"proto_minor":2,"release":"0.1.0"}"#
    static let step = #"{"class":"STEP","steps":[{"cadence_spm":101,"time":1780315200.5}],"total":3}"#
    static let milestone = #"{"class":"MILESTONE","day":"2026-06-01","goal":8000,"milestone":"half","steps":4000}"#

    @Test func askKeepsTheEventsThatComeBeforeItsReplyInOrder() async throws {
        let server = try ScriptedServer([.send(Self.banner), .receive, .send(Self.step), .send(Self.milestone),
                                         .send(#"{"class":"GOAL","goal":8000,"since":1780315200}"#)])
        let (reply, pending, first, second) = try await DaemonClient.withConnection(to: server.path) { session in
            #expect(session.version == VersionMessage(release: "0.1.0"))
            let reply = try await session.ask(.goal(set: nil))
            let pending = session.pendingEvents
            let first = try await session.next()
            let second = try await session.next()
            return (reply, pending, first, second)
        }
        #expect(server.received == [#"{"cmd":"goal"}"#])
        #expect(reply == .goal(GoalMessage(goal: 8000, since: 1_780_315_200)))
        let step = ServerMessage.step(StepMessage(steps: [StepRecord(time: 1_780_315_200.5, cadenceSpm: 101)], total: 3))
        let half = ServerMessage.milestone(MilestoneMessage(day: try LocalDay("2026-06-01"), milestone: .half, steps: 4000, goal: 8000))
        #expect(pending == [step, half])
        #expect(first == step && second == half, "next() hands out the kept events first")
    }

    @Test func anErrorReplyIsARefusalWithItsCode() async throws {
        let server = try ScriptedServer([
            .send(Self.banner), .receive,
            .send(#"{"class":"ERROR","code":"bad-argument","id":"g","message":"'set' must be a whole number of steps from 1 to 1000000"}"#),
        ])
        await #expect(throws: ClientError.refused(code: .badArgument, message: "'set' must be a whole number of steps from 1 to 1000000")) {
            try await DaemonClient.withConnection(to: server.path) { session in
                try await session.ask(.goal(set: 5_000_000))
            }
        }
        #expect(server.received == [#"{"cmd":"goal","set":5000000}"#])
    }

    @Test func aServerThatIsNotFootfalldIsABadReply() async throws {
        let noise = try ScriptedServer([.send("SSH-2.0-OpenSSH_9.2")])
        await #expect(throws: ClientError.badReply("SSH-2.0-OpenSSH_9.2")) {
            try await DaemonClient.withConnection(to: noise.path) { _ in }
        }
        let noBanner = try ScriptedServer([.send(#"{"class":"GOAL","goal":8000}"#)])
        await #expect(throws: ClientError.badReply("no VERSION banner")) {
            try await DaemonClient.withConnection(to: noBanner.path) { _ in }
        }
    }

    @Test func aServerThatGoesAwayBeforeAnsweringClosedTheConnection() async throws {
        let server = try ScriptedServer([.send(Self.banner), .receive])
        await #expect(throws: ClientError.connectionClosed) {
            try await DaemonClient.withConnection(to: server.path) { session in
                try await session.ask(.status)
            }
        }
        #expect(server.received == [#"{"cmd":"status"}"#])
    }

    @Test func nothingListeningMeansTheDaemonIsNotRunning() async throws {
        let path = NSTemporaryDirectory() + "footfall-client-none-\(UUID().uuidString.prefix(8)).sock"
        await #expect(throws: ClientError.daemonNotRunning(socket: path)) {
            try await DaemonClient.withConnection(to: path) { _ in }
        }
        #expect(ClientError.daemonNotRunning(socket: path).description.contains("nothing at \(path)"))
    }

    @Test func theSocketIsTheOneGivenThenTheEnvironmentsThenTheUsersThenTheSystems() throws {
        let server = try ScriptedServer([])
        let runtime = server.folder  // holds footfall.sock
        let empty = NSTemporaryDirectory() + "footfall-client-empty-\(UUID().uuidString.prefix(8))"
        #expect(SocketLocation.resolve("/given.sock", environment: ["FOOTFALL_SOCKET": "/env.sock"]) == "/given.sock")
        #expect(SocketLocation.resolve(nil, environment: ["FOOTFALL_SOCKET": "/env.sock", "XDG_RUNTIME_DIR": runtime]) == "/env.sock")
        #expect(SocketLocation.resolve(nil, environment: ["FOOTFALL_SOCKET": "", "XDG_RUNTIME_DIR": runtime]) == server.path)
        // Without a user's socket: the system service's when it exists, else the user's (for the hint).
        let expected = FileManager.default.fileExists(atPath: SocketLocation.system) ? SocketLocation.system : empty + "/footfall.sock"
        #expect(SocketLocation.resolve(nil, environment: ["XDG_RUNTIME_DIR": empty]) == expected)
        #expect(SocketLocation.resolve(nil, environment: [:]) == SocketLocation.system)
    }
}
