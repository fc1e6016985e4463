import Foundation
import FootfallClient
import FootfallProtocol
import FootfallTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// footfalld on a private dbus-daemon, run on a replay as a user would, checked with busctl
/// and gdbus: introspection, properties, PropertiesChanged and milestones against what the
/// socket tells, history, SetGoal from the owner and the refusal from another uid (nobody,
/// through setpriv), the name already taken, the system bus's policy, and no bus at all.
@Suite(.serialized)
struct DBusTests {
    static let name = "org.footfall.Footfall1"
    static let path = "/org/footfall/Footfall1"
    let walk = SampleTracesLocation.path("bangle/100_1.csv")

    /// `gdbus call` on footfalld's interface.
    static func call(_ bus: PrivateBus, _ method: String, _ arguments: [String] = [], user: UInt32? = nil, groups: [UInt32] = [])
        throws -> (status: Int32, stdout: String, stderr: String) {
        try bus.gdbus(["call", "--dest", name, "--object-path", path, "--method", "\(name).\(method)"] + arguments, user: user, groups: groups)
    }

    /// The bangle walk after `stillness` seconds of stillness (at its rate, 12.5 Hz), so that at
    /// speed 5 the watchers started with footfalld can attach before the first step (150 s: 30 s
    /// later). The test does not trust that lead: it checks that no step was counted when both
    /// watchers are attached, and starts again with a lead twice as long when one was.
    static func walkAfterStillness(in folder: String, stillness: Int = 150) throws -> String {
        let walk = try String(contentsOfFile: SampleTracesLocation.path("bangle/100_1.csv"), encoding: .utf8)
        var lines = ["t,ax,ay,az"]
        for k in 0..<(stillness * 25 / 2) { lines.append(String(format: "%.3f,0,0,-9.80665", Double(k) * 0.08)) }
        for line in walk.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",")
            guard let time = Double(fields[0]) else { continue }
            lines.append(String(format: "%.6f,", time + Double(stillness)) + fields.dropFirst().joined(separator: ","))
        }
        let path = folder + "/still-then-walk.csv"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The uint32 values `gdbus monitor` printed for a property in PropertiesChanged signals.
    static func announced(_ property: String, in lines: [String]) -> [Int] {
        lines.filter { $0.contains(".PropertiesChanged ('\(name)'") }.compactMap { line in
            guard let range = line.range(of: "'\(property)': <uint32 ") else { return nil }
            return Int(line[range.upperBound...].prefix(while: \.isNumber))
        }
    }

    /// How long a wait below may last before the test calls it a hang. Not a budget for the
    /// machine's speed: every wait returns as soon as what it waits for has happened.
    static let hangGuard: Double = 600

    /// A private bus, a `gdbus monitor` on footfalld's object, footfalld replaying the walk at
    /// speed 5 after `stillness` seconds of stillness, and a watcher on its socket.
    struct Watched {
        let bus: PrivateBus
        let monitor: Process
        let signals: LineReader
        let daemon: DaemonProcess
        let events: SocketWatcher

        func stop() async {
            events.stop()
            _ = try? await daemon.stop()
            kill(monitor.processIdentifier, SIGKILL)
            monitor.waitUntilExit()
            bus.stop()
        }
    }

    static func startWatched(stillness: Int) async throws -> Watched {
        let bus = try PrivateBus()
        // Watching before footfalld starts, so every signal of the walk is seen.
        let (monitor, signals) = try bus.start("gdbus", ["monitor", "--dest", name, "--object-path", path])
        let daemon = try DaemonProcess()
        let config = daemon.folder + "/footfalld.yaml"
        // A goal of 60: the walk of about 100 steps reaches half and 1x; lowering the goal to 40 later reaches 2x.
        try "goal: 60\n".write(toFile: config, atomically: true, encoding: .utf8)
        let trace = try walkAfterStillness(in: daemon.folder, stillness: stillness)
        try await daemon.start(["--config", config, "--replay", trace, "--speed", "5", "--test-clock-start", "2026-06-01T12:00:00Z"],
                               environment: bus.sessionEnvironment)
        // The socket's events, watched from this process (quicker to attach than a CLI).
        return Watched(bus: bus, monitor: monitor, signals: signals, daemon: daemon, events: SocketWatcher(socket: daemon.socket))
    }

    @Test(.enabled(if: PrivateBus.isAvailable, Comment(rawValue: PrivateBus.skipReason)))
    func theSessionBusShowsTodayHistoryAndMilestonesAsTheSocketDoes() async throws {
        // Both watchers attached before footfalld counted a step, whatever the machine's load:
        // the socket's watcher has its WATCH answered and the monitor has seen footfalld take
        // its name, and only then is the count asked; if a step came first, the walk is
        // replayed again after a stillness twice as long.
        var watched: Watched?
        for stillness in [150, 300, 600, 1_200] {
            let attempt = try await Self.startWatched(stillness: stillness)
            let monitorSawTheName = await attempt.signals.waitFor(timeout: Self.hangGuard) {
                $0.contains("The name \(Self.name) is owned by")
            }
            let socketWatches = await attempt.events.waitUntilWatching(timeout: Self.hangGuard)
            #expect(monitorSawTheName && socketWatches, "\(attempt.signals.current)")
            guard monitorSawTheName && socketWatches else {
                await attempt.stop()
                return
            }
            if try await attempt.daemon.status().steps == 0 {
                watched = attempt
                break
            }
            await attempt.stop()
        }
        guard let watched else {
            Issue.record("footfalld counted steps before its watchers attached, even after 1200 s of stillness at speed 5")
            return
        }
        let (bus, signals, daemon, events) = (watched.bus, watched.signals, watched.daemon, watched.events)
        defer {
            events.stop()
            kill(watched.monitor.processIdentifier, SIGKILL)
            watched.monitor.waitUntilExit()
            bus.stop()
        }
        let finished = try await daemon.waitFor("the replay to finish", timeout: Self.hangGuard) { $0.source.state == .finished }
        let total = finished.steps
        // sd-bus is served on the main thread footfalld lends it, which keeps the process's name.
        let threads = daemon.threadNames()
        #expect(threads.first == "footfalld" && !threads.contains("footfall-bus"), "\(threads)")
        #expect((80...120).contains(total) && finished.milestones.map(\.description) == ["half", "1x"], "\(finished)")
        // The last report goes out within a quarter of a second of the last step.
        #expect(await signals.waitFor(timeout: Self.hangGuard) { $0.contains("'Steps': <uint32 \(total)>") }, "\(signals.current.suffix(5))")

        // Introspection shows the versioned interface, its members and their argument names.
        let introspection = try bus.busctl(["introspect", Self.name, Self.path])
        #expect(introspection.status == 0, "\(introspection.stderr)")
        for member in [".Day", ".Steps", ".Goal", ".Progress", ".Tier", ".Walking", ".Cadence", ".Distance", ".Milestones",
                       ".SourceKind", ".SourceState", ".Version", ".GetDays", ".GetMinutes", ".SetGoal", ".MilestoneReached"] {
            #expect(introspection.stdout.contains("\n\(member) "), "\(member) in:\n\(introspection.stdout)")
        }
        let xml = try bus.gdbus(["introspect", "--dest", Self.name, "--object-path", Self.path, "--xml"]).stdout
        #expect(xml.contains("<interface name=\"org.footfall.Footfall1\">"))
        let getDays = xml.components(separatedBy: "<method name=\"GetDays\">").dropFirst().first?.components(separatedBy: "</method>").first ?? ""
        #expect(getDays.contains("<arg type=\"s\" name=\"first\" direction=\"in\"/>") && getDays.contains("<arg type=\"a(suu)\" name=\"days\" direction=\"out\"/>"),
                "\(xml)")

        // Properties are the socket's STATUS.
        let status = try await daemon.status()
        let properties = try bus.busctl(["get-property", Self.name, Self.path, Self.name,
                                         "Day", "Steps", "Goal", "Tier", "Walking", "Milestones", "SourceKind", "SourceState", "Version"])
        #expect(properties.stdout == """
            s "2026-06-01"
            u \(status.steps)
            u 60
            s "done"
            b false
            as 2 "half" "1x"
            s "replay"
            s "finished"
            s "0.1.0"

            """, "\(properties)")
        let distance = try bus.busctl(["get-property", Self.name, Self.path, Self.name, "Distance", "Progress"]).stdout
        #expect(distance == "d \(formattedNumber(status.distanceM))\nd \(formattedNumber(status.progress))\n")

        // History: the same days and minutes as the socket's.
        let days = try Self.call(bus, "GetDays", ["2026-05-31", "2026-06-01"])
        #expect(days.stdout == "([('2026-05-31', uint32 0, uint32 60), ('2026-06-01', \(total), 60)],)\n", "\(days)")
        #expect(try daemon.footfall(["history", "--from", "2026-05-31", "--to", "2026-06-01", "--csv"]).stdout
                == "day,steps,goal\n2026-05-31,0,60\n2026-06-01,\(total),60\n")
        let minutes = try Self.call(bus, "GetMinutes", ["2026-06-01"])
        let socketMinutes = try daemon.footfall(["history", "--from", "2026-06-01", "--to", "2026-06-01", "--minutes", "--csv"]).stdout
            .split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        #expect(!socketMinutes.isEmpty)
        for row in socketMinutes {
            // start,steps,cadence_spm,source
            #expect(minutes.stdout.contains("\(row[0]), \(socketMinutes.first == row ? "uint32 " : "")\(row[1]), "), "\(row) in \(minutes.stdout)")
        }
        #expect(minutes.stdout.hasPrefix("([(int64 ") && minutes.stdout.contains("'replay')"))
        let backwards = try Self.call(bus, "GetDays", ["2026-06-01", "2026-05-31"])
        #expect(backwards.status != 0 && backwards.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs: 'first' (2026-06-01) is after 'last' (2026-05-31)"))
        let notADay = try Self.call(bus, "GetMinutes", ["yesterday"])
        #expect(notADay.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs: 'day' must be a day, YYYY-MM-DD"), "\(notADay.stderr)")
        let longAgo = try Self.call(bus, "GetMinutes", ["1970-01-01"])
        #expect(longAgo.stdout == "(@a(xuds) [],)\n", "\(longAgo)")

        // SetGoal: another user is refused with the socket's sentence; the daemon's user is not.
        if getuid() == 0, PrivateBus.tool("setpriv") != nil {
            let refused = try Self.call(bus, "SetGoal", ["100"], user: 65534)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("org.freedesktop.DBus.Error.AccessDenied: only the daemon's user or root may change the goal"),
                    "\(refused.stderr)")
            // Reading is for anyone the bus lets in.
            #expect(try bus.busctl(["get-property", Self.name, Self.path, Self.name, "Goal"], user: 65534).stdout == "u 60\n")
            #expect(try await daemon.status().goal == 60)
        }
        let set = try Self.call(bus, "SetGoal", ["40"])
        #expect(set.status == 0 && set.stdout == "()\n", "\(set)")
        #expect(try await daemon.status().goal == 40)
        for outOfRange in ["0", "1000001"] {
            let refused = try Self.call(bus, "SetGoal", [outOfRange])
            #expect(refused.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs: the goal must be a whole number of steps from 1 to 1000000"),
                    "\(refused.stderr)")
        }
        // Lowering the goal to 40 passes 2x (80 steps): one signal, as the socket's MILESTONE.
        #expect(await signals.waitFor(timeout: Self.hangGuard) { $0.contains(".MilestoneReached ('2026-06-01', '2x', uint32 \(total), uint32 40)") },
                "\(signals.current.suffix(5))")
        #expect(await signals.waitFor(timeout: Self.hangGuard) { $0.contains("'Goal': <uint32 40>") })
        #expect(await events.waitFor(timeout: Self.hangGuard) { $0.milestones.map(\.milestone.description).contains("2x") })
        for goal in [45, 50] {
            #expect(try Self.call(bus, "SetGoal", ["\(goal)"]).status == 0)
            #expect(await signals.waitFor(timeout: Self.hangGuard) { $0.contains("'Goal': <uint32 \(goal)>") })
            #expect(await events.waitFor(timeout: Self.hangGuard) { $0.progress.contains { $0.goal == goal } })
        }

        // Every milestone was signalled once, in order, as STATUS lists them and the socket sent them
        // (it watched before the first step).
        let sent = events.milestones.map(\.milestone.description)
        #expect(sent == ["half", "1x", "2x"], "\(sent)")
        let milestones = signals.current.filter { $0.contains(".MilestoneReached (") }
        #expect(milestones.count == 3, "\(milestones)")
        #expect(milestones.first?.contains(".MilestoneReached ('2026-06-01', 'half', uint32 ") == true && milestones.first?.hasSuffix(", uint32 60)") == true)
        #expect(milestones.dropFirst().first?.contains("'1x', uint32 ") == true && milestones.dropFirst().first?.hasSuffix(", uint32 60)") == true)
        #expect(try await daemon.status().milestones.map(\.description) == ["half", "1x", "2x"])
        // Each goal change was one PROGRESS report on the socket and one PropertiesChanged on the bus.
        let reportedGoals = events.progress.map(\.goal)
        #expect(reportedGoals.filter { $0 != 60 } == [40, 45, 50], "\(reportedGoals)")
        #expect(Self.announced("Goal", in: signals.current) == [40, 45, 50])
        // PropertiesChanged came at most once per PROGRESS report, with a report's figures:
        // while both watched, every Steps announced on the bus is one the socket reported.
        let progress = events.progress.map(\.steps)
        let firstSeen = try #require(progress.first)
        let onTheBus = Self.announced("Steps", in: signals.current).filter { $0 > firstSeen }
        #expect(!onTheBus.isEmpty)
        #expect(onTheBus.count <= progress.filter { $0 > firstSeen }.count)
        #expect(Set(onTheBus).isSubset(of: Set(progress)), "bus \(onTheBus), socket \(progress)")
        #expect(onTheBus == onTheBus.sorted() && Set(onTheBus).count == onTheBus.count, "one announcement per value: \(onTheBus)")

        // A second footfalld on the same bus says the name is taken, and serves its socket.
        let second = try DaemonProcess()
        try await second.start(["--replay", walk, "--speed", "5"], environment: bus.sessionEnvironment)
        #expect(second.stderr.contains("D-Bus is off: org.footfall.Footfall1 is already owned on the session bus"), "\(second.stderr)")
        try await second.stop()
        try await daemon.stop()
        #expect(daemon.stderr.components(separatedBy: "on D-Bus").count == 2, "one line when it joined")
    }

    @Test func withoutABusTheDaemonSaysSoOnceAndServesItsSocket() async throws {
        let daemon = try DaemonProcess()
        // DaemonProcess gives no bus address and no XDG_RUNTIME_DIR: no session bus to find.
        try await daemon.start(["--replay", SampleTracesLocation.path("synthetic/still-25hz.csv"), "--speed", "50"])
        #expect(try daemon.footfall(["status"]).status == 0)
        try await Task.sleep(for: .seconds(1))
        try await daemon.stop()
        let lines = daemon.stderr.split(separator: "\n").filter { $0.contains("D-Bus") }
        #expect(lines.count == 1, "\(daemon.stderr)")
        #expect(lines.first?.contains("D-Bus is off: cannot connect to the session bus") == true)
        #expect(lines.first?.contains("serving on the socket only") == true)
    }

    @Test(.enabled(if: PrivateBus.isAvailable && getuid() == 0 && PrivateBus.tool("setpriv") != nil && getgrnam("users") != nil,
                   "needs root, setpriv and the group 'users' to stand for footfall's group"))
    func theSystemBusPolicyLetsOnlyTheGroupReadAndTheDaemonsUserChange() async throws {
        // The shipped policy, with the footfall group played by 'users' (the footfall group
        // need not exist here); the rest of the bus as Debian's system.conf has it.
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("contrib/dbus/org.footfall.Footfall1.conf")
        let shipped = try String(contentsOf: source, encoding: .utf8)
        #expect(shipped.contains("<policy group=\"footfall\">"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("footfall-policy-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let policy = folder + "/org.footfall.Footfall1.conf"
        try shipped.replacingOccurrences(of: "group=\"footfall\"", with: "group=\"users\"").write(toFile: policy, atomically: true, encoding: .utf8)
        let bus = try PrivateBus(type: "system", policy: """
              <policy context="default">
                <allow user="*"/>
                <deny own="*"/>
                <deny send_type="method_call"/>
                <allow send_type="signal"/>
                <allow send_requested_reply="true" send_type="method_return"/>
                <allow send_requested_reply="true" send_type="error"/>
                <allow receive_type="method_call"/>
                <allow receive_type="method_return"/>
                <allow receive_type="error"/>
                <allow receive_type="signal"/>
                <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
                <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
              </policy>
              <include>\(policy)</include>
            """)
        defer { bus.stop() }
        let users = UInt32(getgrnam("users")!.pointee.gr_gid)
        let daemon = try DaemonProcess()
        let config = daemon.folder + "/footfalld.yaml"
        try "goal: 60\n".write(toFile: config, atomically: true, encoding: .utf8)
        try await daemon.start(["--system", "--config", config, "--replay", walk, "--speed", "20"],
                               environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        let steps = ["get-property", Self.name, Self.path, Self.name, "Goal"]
        let deadline = Date().addingTimeInterval(10)
        while try bus.busctl(steps).status != 0 && Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
        #expect(daemon.stderr.contains("on D-Bus dbus.bus=system"), "\(daemon.stderr)")
        // Root reads and changes.
        #expect(try bus.busctl(steps).stdout == "u 60\n")
        // Nobody outside the group cannot even read: the bus refuses before footfalld hears of it.
        let outsider = try bus.busctl(steps, user: 65534)
        #expect(outsider.status != 0 && outsider.stderr.contains("Access denied"), "\(outsider)")
        let outsiderSet = try Self.call(bus, "SetGoal", ["100"], user: 65534)
        #expect(outsiderSet.stderr.contains("Rejected send message"), "\(outsiderSet.stderr)")
        // A member of the group reads, but footfalld refuses it the goal.
        #expect(try bus.busctl(steps, user: 65534, groups: [users]).stdout == "u 60\n")
        let member = try Self.call(bus, "SetGoal", ["100"], user: 65534, groups: [users])
        #expect(member.stderr.contains("org.freedesktop.DBus.Error.AccessDenied: only the daemon's user or root may change the goal"),
                "\(member.stderr)")
        #expect(try Self.call(bus, "SetGoal", ["70"]).status == 0)
        #expect(try await daemon.status().goal == 70)
        try await daemon.stop()
    }
}

/// Watches the daemon's socket from the test process and keeps PROGRESS and MILESTONE events.
final class SocketWatcher: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var progressEvents: [ProgressMessage] = []
    private var milestoneEvents: [MilestoneMessage] = []
    private var watching = false
    private var task: Task<Void, Never>?

    init(socket: String) {
        task = Task { [weak self] in
            try? await DaemonClient.withConnection(to: socket) { session in
                _ = try await session.ask(.watch(true))
                self?.lock.withLock { self?.watching = true }
                while !Task.isCancelled {
                    switch try await session.next() {
                    case .progress(let progress): self?.lock.withLock { self?.progressEvents.append(progress) }
                    case .milestone(let milestone): self?.lock.withLock { self?.milestoneEvents.append(milestone) }
                    default: break
                    }
                }
            }
        }
    }

    var progress: [ProgressMessage] { lock.withLock { progressEvents } }
    var isWatching: Bool { lock.withLock { watching } }
    var milestones: [MilestoneMessage] { lock.withLock { milestoneEvents } }

    func waitUntilWatching(timeout: Double) async -> Bool {
        await waitFor(timeout: timeout) { $0.isWatching }
    }

    func waitFor(timeout: Double, _ condition: (SocketWatcher) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return condition(self)
    }

    func stop() { task?.cancel() }
}

/// A number as busctl prints a double (%g: six significant digits).
func formattedNumber(_ value: Double) -> String { String(format: "%g", value) }
