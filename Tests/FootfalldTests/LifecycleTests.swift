import Foundation
import Testing
import FootfallProtocol
import FootfallTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// systemd notification, metrics, configuration reload and refusal, the CLI's commands, and
/// the hint when no daemon runs.
@Suite(.serialized)
struct LifecycleTests {
    let still = SampleTracesLocation.path("synthetic/still-25hz.csv")

    @Test func tellsSystemdReadyStatusWatchdogAndStopping() async throws {
        let daemon = try DaemonProcess()
        let notifyPath = daemon.folder + "/notify.sock"
        let receiver = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(receiver) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in notifyPath.utf8.enumerated() { raw[i] = b } }
        _ = withUnsafePointer(to: &address) { p in p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(receiver, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(receiver, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // Read as systemd does, from the start and as they come: sd_notify waits while the
        // socket's queue is full (ten datagrams), and the daemon with it.
        let notifications = Notifications()
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while notifications.reading {
                let n = recv(receiver, &buffer, buffer.count, 0)
                if n > 0 { notifications.append(String(decoding: buffer[0..<n], as: UTF8.self)) }
            }
            notifications.finished.signal()
        }.start()
        // Before the socket is closed (the defer above runs after this one).
        defer { notifications.stopAndWait() }
        try await daemon.start(["--replay", still, "--speed", "1"], environment: ["NOTIFY_SOCKET": notifyPath, "WATCHDOG_USEC": "2000000"])
        try await Task.sleep(for: .seconds(6))
        let messages = notifications.received
        #expect(messages.contains { $0.contains("READY=1") }, "\(messages)")
        #expect(messages.contains { $0.contains("WATCHDOG=1") }, "\(messages)")
        #expect(messages.contains { $0.contains("STATUS=") }, "\(messages)")
        #expect(try await daemon.stop() == 0)
        var stopping = false
        for _ in 0..<50 where !stopping {
            stopping = notifications.received.dropFirst(messages.count).contains { $0.contains("STOPPING=1") }
            if !stopping { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(stopping)
    }

    @Test func writesPrometheusMetricsAtomically() async throws {
        let daemon = try DaemonProcess()
        let metrics = daemon.folder + "/footfall.prom"
        try await daemon.start(["--replay", SampleTracesLocation.path("bangle/100_1.csv"), "--speed", "20", "--metrics-file", metrics])
        var text = ""
        for _ in 0..<100 where text.isEmpty {
            text = (try? String(contentsOfFile: metrics, encoding: .utf8)) ?? ""
            try await Task.sleep(for: .milliseconds(100))
        }
        for name in ["footfall_steps_today", "footfall_steps_total", "footfall_cadence_steps_per_minute", "footfall_goal_progress_ratio",
                     "footfall_device_up", "footfall_samples_processed_total"] {
            #expect(text.contains("# TYPE \(name) "), "\(name) missing from:\n\(text)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: daemon.folder).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
        try await daemon.stop()
    }

    @Test func reloadsOnHangUpAndKeepsAGoodConfigurationOverABadOne() async throws {
        let daemon = try DaemonProcess()
        let config = daemon.folder + "/footfalld.yaml"
        try "log_level: info\nstride_m: 0.7\n".write(toFile: config, atomically: true, encoding: .utf8)
        try await daemon.start(["--config", config, "--replay", still, "--speed", "1"])
        let before = try await daemon.status()
        #expect(before.palette == .standard && before.userName == nil)
        try "log_level: info\nstride_m: 0.8\nday_start: \"04:00\"\npalette: colorblind\nuser_name: Ada\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        try await waitForLog(daemon, "configuration reloaded")
        // The new settings are in force: STATUS reports what a reload can change.
        let reloaded = try await daemon.status()
        #expect(reloaded.palette == .colorblind && reloaded.userName == "Ada", "\(reloaded)")
        try "log_level: loud\n".write(toFile: config, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        try await waitForLog(daemon, "configuration not reloaded")
        #expect(daemon.stderr.contains("footfalld.yaml:1: 'log_level' must be one of"))
        // Still serving (the source may not have opened yet on a loaded machine, so poll), with
        // the good configuration kept.
        let kept = try await daemon.waitFor("the replay source to open") { $0.source.kind == .replay }
        #expect(kept.palette == .colorblind && kept.userName == "Ada", "\(kept)")
        try await daemon.stop()
    }

    @Test func saysWhenNobodySaidWhereTheDeviceIsWorn() async throws {
        // Held to the body's thresholds, a watch would count hands at work: the log says how
        // to set it, and says nothing once it is set.
        let daemon = try DaemonProcess()
        try await daemon.start(["--replay", still, "--speed", "1"])
        try await waitForLog(daemon, "placement is unknown: on a watch, set placement: wrist")
        try await daemon.stop()
        let config = daemon.folder + "/footfalld.yaml"
        try "placement: wrist\n".write(toFile: config, atomically: true, encoding: .utf8)
        try await daemon.start(["--config", config, "--replay", still, "--speed", "1"])
        try await waitForLog(daemon, "listening")
        #expect(!daemon.stderr.contains("placement is unknown"), "\(daemon.stderr)")
        try await daemon.stop()
    }

    func waitForLog(_ daemon: DaemonProcess, _ text: String) async throws {
        for _ in 0..<100 {
            if daemon.stderr.contains(text) { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("'\(text)' never appeared in the log:\n\(daemon.stderr)")
    }

    /// `footfalld --check-config` on a file `f.yaml` holding `text`.
    func checkConfig(_ text: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let folder = NSTemporaryDirectory() + "footfalld-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try text.write(toFile: folder + "/f.yaml", atomically: true, encoding: .utf8)
        return try DaemonProcess.run(DaemonProcess.executable("footfalld"), ["--config", folder + "/f.yaml", "--check-config"])
    }

    @Test func refusesABadConfigurationAtStart() throws {
        let result = try checkConfig("goal: 9000\ngaol: 8000\n")
        #expect(result.status == 78)
        #expect(result.stderr.contains("f.yaml:2: unknown key 'gaol' (did you mean 'goal'?)"))
        #expect(try checkConfig("goal: 9000\n").status == 0)
    }

    /// `--check-config` refuses a mount matrix that is not one, as the daemon does: passed, it
    /// would be dropped without a word and the device read unrotated.
    @Test func checkConfigRefusesAMountMatrixTheDaemonCannotUse() throws {
        let result = try checkConfig("goal: 9000\nmount_matrix: \"0, 1; -1, 0\"\n")
        #expect(result.status == 78)
        #expect(result.stderr.contains("f.yaml:2: 'mount_matrix' must be three rows of three numbers"), "\(result.stderr)")
        #expect(try checkConfig("mount_matrix: \"0, 1, 0; -1, 0, 0; 0, 0, 1\"\n").status == 0)
    }

    @Test func cliCommandsAgainstTheDaemon() async throws {
        let daemon = try DaemonProcess()
        try await daemon.start(["--replay", SampleTracesLocation.path("bangle/100_1.csv"), "--speed", "20",
                                "--test-clock-start", "2026-06-01T12:00:00Z"])
        try await daemon.waitFor("the replay to finish") { $0.source.state == .finished }
        let status = try daemon.footfall(["status"], environment: ["NO_COLOR": "1"])
        #expect(status.status == 0)
        let golden = SampleTracesLocation.goldenSteps("bangle/100_1.csv")
        // The goal bar's percentage is whole percents, rounded down.
        #expect(status.stdout.hasPrefix("2026-06-01  \(golden) steps of 10,000  \(golden * 100 / 10_000)%"), "\(status.stdout)")
        #expect(!status.stdout.contains("\u{1B}["), "no colour when not a terminal")
        let history = try daemon.footfall(["history", "--from", "2026-05-31", "--to", "2026-06-01", "--csv"])
        #expect(history.stdout == "day,steps,goal\n2026-05-31,0,10000\n2026-06-01,\(golden),10000\n")
        let minutes = try daemon.footfall(["history", "--from", "2026-06-01", "--to", "2026-06-01", "--minutes", "--json"])
        #expect(minutes.stdout.contains("\"granularity\":\"minute\""))
        // A goal just under today's steps: lowering it passes half the goal and the goal itself.
        let lowered = golden - 5
        let goal = try daemon.footfall(["goal", String(lowered)])
        #expect(goal.stdout == "Daily goal set to \(lowered) steps, from now on.\n")
        let render = try daemon.footfall(["render", "--text", "--width", "40"], environment: ["NO_COLOR": "1"])
        #expect(render.status == 0 && render.stdout.count > 40)
        let devices = try daemon.footfall(["status", "--json"])
        #expect(devices.stdout.contains("\"milestones\":[\"half\",\"1x\"]"), "lowering the goal announced what it passed")
        try await daemon.stop()
    }

    @Test func withoutADaemonTheCLISaysHowToStartOne() throws {
        let socket = NSTemporaryDirectory() + "nothing-\(UUID().uuidString).sock"
        for command in [["status"], ["watch"], ["history"], ["goal"]] {
            let result = try DaemonProcess.run(DaemonProcess.executable("footfall"), command + ["--socket", socket])
            #expect(result.status == 69)
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(result.stderr.contains("footfalld is not running"))
        }
    }
}

/// The datagrams a test's notify socket received, read on a thread of their own.
final class Notifications: @unchecked Sendable {  // `lines` and `open` are guarded by `lock`
    private let lock = NSLock()
    private var lines: [String] = []
    private var open = true
    /// Signalled by the reading thread as it ends.
    let finished = DispatchSemaphore(value: 0)

    /// Whether the reading thread should go on.
    var reading: Bool { lock.withLock { open } }
    /// What arrived so far, in order.
    var received: [String] { lock.withLock { lines } }

    func append(_ line: String) { lock.withLock { lines.append(line) } }
    /// Ends the reading thread and waits for it (at most the socket's receive timeout).
    func stopAndWait() {
        lock.withLock { open = false }
        finished.wait()
    }
}
