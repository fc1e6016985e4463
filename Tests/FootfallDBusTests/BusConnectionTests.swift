import Foundation
import FootfallDBus
import FootfallTestSupport
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The sd-bus adapter against a real dbus-daemon: an exported object as busctl and gdbus see
/// it (introspection, properties, methods, a deferred reply, errors, signals, the sender's
/// uid), and what happens without a bus or when the name is taken.
@Suite(.serialized, .enabled(if: PrivateBus.isAvailable, Comment(rawValue: PrivateBus.skipReason)))
struct BusConnectionTests {
    static let name = "org.footfall.AdapterTest1"
    static let path = "/org/footfall/AdapterTest1"
    static let interface = BusInterfaceDescription(
        name: name,
        properties: [.init("Count", "u"), .init("Label", "s"), .init("Ratio", "d"), .init("Ready", "b"),
                     .init("Release", "s", constant: true)],
        methods: [.init("Add", inputs: [.init("amount", "u")], outputs: [.init("count", "u")]),
                  .init("WhoAmI", outputs: [.init("uid", "u")]),
                  .init("Table", inputs: [.init("rows", "u")], outputs: [.init("rows", "a(sx)")]),
                  .init("Later", inputs: [.init("text", "s")], outputs: [.init("echo", "s")]),
                  .init("Refuse")],
        signals: [.init("Counted", arguments: [.init("count", "u"), .init("label", "s")])])

    /// The test object: state kept on the bus thread.
    final class Counter: BusObjectHandler {
        var count: UInt32 = 0
        var pending: [BusPendingCall] = []
        var pendingTexts: [String] = []

        func value(of property: String) -> BusValue? {
            switch property {
            case "Count": return .uint32(count)
            case "Label": return .string("counted \(count)")
            case "Ratio": return .double(Double(count) / 4)
            case "Ready": return .bool(count > 0)
            case "Release": return .string("1.0")
            default: return nil
            }
        }

        func handle(_ call: BusMethodCall) -> BusMethodOutcome {
            do throws(BusMethodError) {
                switch call.member {
                case "Add":
                    count += try call.readUInt32()
                    return .reply([.uint32(count)])
                case "WhoAmI":
                    guard let uid = call.senderUID() else { return .error(.failed("the bus did not say who you are")) }
                    return .reply([.uint32(uid)])
                case "Table":
                    let rows = try call.readUInt32()
                    return .reply([.array(element: "(sx)", (0..<rows).map { .structure([.string("row \($0)"), .int64(-Int64($0))]) })])
                case "Later":
                    pendingTexts.append(try call.readString())
                    pending.append(call.deferReply())
                    return .deferred
                default:
                    return .error(.accessDenied("not for you"))
                }
            } catch {
                return .error(error)
            }
        }
    }

    /// Runs the object on a thread of its own until `stop`; `tick` runs on that thread each turn.
    final class Server: @unchecked Sendable {
        // `stopped` and `wakeup` are thread-safe; everything else stays on the bus thread.
        let stopped = Atomic<Bool>(false)
        let wakeup: BusWakeup
        let ready = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let emitRequests = Atomic<Int>(0)
        var startError: BusError?

        init(address: String) throws {
            wakeup = try BusWakeup()
            let thread = Thread { [self] in
                defer { done.signal() }
                let counter = Counter()
                let connection: BusConnection
                do throws(BusError) {
                    connection = try BusConnection(address: address, description: "adapter-test")
                    try connection.requestName(BusConnectionTests.name)
                    try connection.export(counter, at: BusConnectionTests.path, interface: BusConnectionTests.interface)
                } catch {
                    startError = error
                    ready.signal()
                    return
                }
                ready.signal()
                var emitted = 0
                while !stopped.load(ordering: .relaxed) {
                    do throws(BusError) {
                        // Deferred replies are answered on a later turn, as the daemon does.
                        for (call, text) in zip(counter.pending, counter.pendingTexts) { try call.reply([.string(text.uppercased())]) }
                        counter.pending.removeAll()
                        counter.pendingTexts.removeAll()
                        if emitRequests.load(ordering: .relaxed) > emitted {
                            emitted += 1
                            counter.count += 1
                            try connection.emitPropertiesChanged(path: BusConnectionTests.path, interface: BusConnectionTests.name,
                                                                 properties: ["Count", "Label"])
                            try connection.emitSignal(path: BusConnectionTests.path, interface: BusConnectionTests.name,
                                                      member: "Counted", [.uint32(counter.count), .string("signal \(emitted)")])
                        }
                        try connection.process()
                        try connection.wait(timeout: .seconds(1), wakeup: wakeup)
                    } catch {
                        startError = error
                        return
                    }
                }
            }
            thread.start()
            ready.wait()
        }

        func emit() {
            emitRequests.add(1, ordering: .relaxed)
            wakeup.signal()
        }

        func stop() {
            stopped.store(true, ordering: .relaxed)
            wakeup.signal()
            done.wait()
        }
    }

    @Test func busctlAndGdbusSeeTheObject() async throws {
        let bus = try PrivateBus()
        let server = try Server(address: bus.address)
        defer {
            server.stop()
            bus.stop()
        }
        #expect(server.startError == nil, "\(String(describing: server.startError))")

        let introspection = try bus.busctl(["introspect", Self.name, Self.path])
        #expect(introspection.status == 0, "\(introspection.stderr)")
        for row in [".Add", ".Counted", ".Count", ".Label", ".Ratio", ".Ready", ".Release", ".Table", ".WhoAmI", ".Later", ".Refuse"] {
            #expect(introspection.stdout.contains(row), "\(row) in \(introspection.stdout)")
        }
        #expect(introspection.stdout.contains("org.freedesktop.DBus.Properties"))
        let xml = try bus.gdbus(["introspect", "--dest", Self.name, "--object-path", Self.path, "--xml"])
        #expect(xml.stdout.contains("<arg type=\"u\" name=\"amount\" direction=\"in\"/>"), "argument names: \(xml.stdout)")
        #expect(xml.stdout.contains("<annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"const\"/>"))

        #expect(try bus.busctl(["get-property", Self.name, Self.path, Self.name, "Count", "Label", "Ready"]).stdout
                == "u 0\ns \"counted 0\"\nb false\n")
        #expect(try bus.busctl(["call", Self.name, Self.path, Self.name, "Add", "u", "5"]).stdout == "u 5\n")
        #expect(try bus.busctl(["get-property", Self.name, Self.path, Self.name, "Ratio"]).stdout == "d 1.25\n")
        let table = try bus.gdbus(["call", "--dest", Self.name, "--object-path", Self.path, "--method", "\(Self.name).Table", "3"])
        #expect(table.stdout == "([('row 0', int64 0), ('row 1', -1), ('row 2', -2)],)\n", "\(table)")
        #expect(try bus.gdbus(["call", "--dest", Self.name, "--object-path", Self.path, "--method", "\(Self.name).Table", "0"]).stdout
                == "(@a(sx) [],)\n")
        #expect(try bus.busctl(["call", Self.name, Self.path, Self.name, "Later", "s", "soon"]).stdout == "s \"SOON\"\n")

        // busctl prints every AccessDenied as "Access denied"; gdbus shows the name and message.
        let refused = try bus.gdbus(["call", "--dest", Self.name, "--object-path", Self.path, "--method", "\(Self.name).Refuse"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("org.freedesktop.DBus.Error.AccessDenied: not for you"), "\(refused.stderr)")
        // sd-bus checks arguments against the signature before the handler runs.
        let wrong = try bus.busctl(["call", Self.name, Self.path, Self.name, "Add", "s", "text"])
        #expect(wrong.status != 0 && wrong.stderr.contains("Invalid argument"), "\(wrong.stderr)")
    }

    @Test func theSenderIsWhoTheBusSaysItIs() throws {
        let bus = try PrivateBus()
        let server = try Server(address: bus.address)
        defer {
            server.stop()
            bus.stop()
        }
        #expect(try bus.busctl(["call", Self.name, Self.path, Self.name, "WhoAmI"]).stdout == "u \(getuid())\n")
        if getuid() == 0, PrivateBus.tool("setpriv") != nil {
            let nobody = try bus.busctl(["call", Self.name, Self.path, Self.name, "WhoAmI"], user: 65534)
            #expect(nobody.stdout == "u 65534\n", "\(nobody.stderr)")
        }
    }

    @Test func propertiesChangedAndSignalsReachAWatcher() async throws {
        let bus = try PrivateBus()
        let server = try Server(address: bus.address)
        defer {
            server.stop()
            bus.stop()
        }
        let (monitor, lines) = try bus.start("gdbus", ["monitor", "--dest", Self.name, "--object-path", Self.path])
        defer {
            kill(monitor.processIdentifier, SIGKILL)
            monitor.waitUntilExit()
        }
        // gdbus prints this once it is subscribed.
        #expect(await lines.waitFor(timeout: 10) { $0.contains("Monitoring signals") })
        server.emit()
        #expect(await lines.waitFor(timeout: 10) { $0.contains(".Counted (uint32 1, 'signal 1')") }, "\(lines.current)")
        #expect(lines.current.contains { $0.contains("org.freedesktop.DBus.Properties.PropertiesChanged ('\(Self.name)', {'Count': <uint32 1>, 'Label': <'counted 1'>}, @as [])") },
                "\(lines.current)")
    }

    @Test func withoutABusOrWithTheNameTakenTheErrorSaysSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-bus-\(UUID().uuidString.prefix(8))").path
        #expect(throws: BusError.self) {
            let connection = try BusConnection(address: "unix:path=\(folder)/bus", description: "adapter-test")
            try connection.requestName(Self.name)
        }
        let bus = try PrivateBus()
        let server = try Server(address: bus.address)
        defer {
            server.stop()
            bus.stop()
        }
        do {
            let second = try BusConnection(address: bus.address, description: "adapter-test-2")
            try second.requestName(Self.name)
            Issue.record("a second owner was let in")
        } catch {
            #expect(error == .nameTaken(Self.name, .session))
            #expect("\(error)".contains("already owned on the session bus"))
        }
    }
}
