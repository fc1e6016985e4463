import Foundation
import Testing
import FootfallClient
import FootfallProtocol
import FootfallTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The socket under load and abuse: hundreds of watchers, clients that never read, garbage,
/// huge lines; none of it costs a sample or hurts another client.
@Suite(.serialized)
struct ClientsTests {
    let walk = SampleTracesLocation.path("oxford/Samsung_Dario_Hard_InHand_1.csv")

    @Test func twoHundredWatchersAndTwentyThatNeverRead() async throws {
        let daemon = try DaemonProcess()
        // A still prelude usually keeps the walk from starting before everyone is watching.
        try await daemon.start(["--replay", walk, "--speed", "10", "--test-clock-start", "2026-06-01T12:00:00Z"])
        let rssStart = daemon.residentKilobytes() ?? 0
        var deaf: [RawSocket] = []
        for _ in 0..<20 {
            let client = try RawSocket(path: daemon.socket)
            client.send("{\"cmd\":\"watch\"}\n")
            deaf.append(client)
        }
        let socket = daemon.socket
        let expected = try offlineCount(walk)
        // Each watcher reads until the STEP events have brought it every step of the walk.
        let totals = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    try await DaemonClient.withConnection(to: socket) { session -> Int in
                        _ = try await session.ask(.watch(true))
                        // On a loaded machine the walk may start before all 200 are watching;
                        // steps counted before the subscription show in status instead.
                        var last = 0
                        if case .status(let status) = try await session.ask(.status) { last = status.steps }
                        while last < expected {
                            if case .step(let step) = try await session.next() { last = step.total }
                        }
                        return last
                    }
                }
            }
            group.addTask {
                do {
                    try await Task.sleep(for: .seconds(120))
                } catch {
                    return -1  // cancelled: every watcher finished
                }
                throw DaemonTestError.timedOut("watchers did not see every step within 120 s")
            }
            var totals: [Int] = []
            for try await total in group where total >= 0 {
                totals.append(total)
                if totals.count == 200 { group.cancelAll() }
            }
            return totals
        }
        let finished = try await daemon.waitFor("the replay to finish") { $0.source.state == .finished }
        #expect(totals.count == 200)
        #expect(totals.allSatisfy { $0 == finished.steps }, "every watcher saw every step")
        #expect(finished.steps == expected)
        #expect(finished.samplesProcessed == (try TraceSampleCount.samples(walk)), "no sample dropped")
        let rssEnd = daemon.residentKilobytes() ?? 0
        if !DaemonProcess.isSanitized {
            #expect(rssEnd < 150_000, "daemon RSS \(rssEnd) kB with 220 clients (started at \(rssStart) kB)")
        }
        withExtendedLifetime(deaf) {}
        try await daemon.stop()
    }

    @Test func badRequestsGetErrorsAndHurtNoOne() async throws {
        let daemon = try DaemonProcess()
        try await daemon.start(["--replay", SampleTracesLocation.path("synthetic/still-25hz.csv"), "--speed", "50"])
        let client = try RawSocket(path: daemon.socket)
        #expect(client.readLine()?.contains("\"class\":\"VERSION\"") == true)
        for (request, code) in [("this is not json", "bad-json"), ("[1,2]", "bad-json"), ("{\"cmd\":\"dance\"}", "unknown-command"),
                                ("{\"cmd\":\"goal\",\"set\":-5,\"id\":7}", "bad-argument"), ("{\"cmd\":\"history\",\"from\":\"yesterday\"}", "bad-argument"),
                                ("{\"nocmd\":1}", "unknown-command")] {
            client.send(request + "\n")
            let reply = try #require(client.readLine())
            #expect(reply.contains("\"class\":\"ERROR\"") && reply.contains("\"code\":\"\(code)\""), "\(request) -> \(reply)")
        }
        // The connection still works after errors.
        client.send("{\"cmd\":\"version\",\"id\":\"v1\"}\n")
        #expect(client.readLine()?.contains("\"id\":\"v1\"") == true)
        // A line over 64 KiB: an error, then the connection is closed.
        let huge = try RawSocket(path: daemon.socket)
        _ = huge.readLine()
        huge.send("{\"cmd\":\"status\",\"pad\":\"" + String(repeating: "x", count: 70_000) + "\"}\n")
        #expect(huge.readLine()?.contains("too-long") == true)
        #expect(huge.readsToClose())
        // Others are unaffected.
        try await daemon.waitFor("the replay source to open") { $0.source.kind == .replay }
        try await daemon.stop()
    }

    @Test func socketIsPrivateAndOnlyTheOwnerChangesState() async throws {
        let daemon = try DaemonProcess()
        try await daemon.start(["--replay", SampleTracesLocation.path("synthetic/still-25hz.csv"), "--speed", "50"])
        var info = stat()
        #expect(stat(daemon.socket, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o660)
        // The owner may set the goal.
        let set = try daemon.footfall(["goal", "8000"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try await daemon.status().goal == 8000)
        // Another user (let in by widening the socket for the test) may read but not change.
        if getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
            chmod(daemon.socket, 0o666)
            chmod(daemon.folder, 0o755)
            let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
            let base = ["--reuid=65534", "--regid=65534", "--clear-groups", DaemonProcess.executable("footfall").path]
            let read = try DaemonProcess.run(setpriv, base + ["status", "--json", "--socket", daemon.socket])
            #expect(read.status == 0, "\(read.stderr)")
            let change = try DaemonProcess.run(setpriv, base + ["goal", "100", "--socket", daemon.socket])
            #expect(change.status != 0)
            #expect(change.stderr.contains("only the daemon's user or root may change the goal"))
            #expect(try await daemon.status().goal == 8000)
        }
        try await daemon.stop()
    }
}

/// What 'footfall count' counts in a trace.
func offlineCount(_ trace: String) throws -> Int {
    let result = try DaemonProcess.run(DaemonProcess.executable("footfall"), ["count", "--json", trace])
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return try #require(object?["steps"] as? Int)
}
