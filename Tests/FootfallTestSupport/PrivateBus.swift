import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private `dbus-daemon` for one test, listening on a socket in a temporary folder, with a
/// policy that lets any user connect (so a client can run as another user), and the
/// `busctl` and `gdbus` clients run against it.
public final class PrivateBus: @unchecked Sendable {
    // Touched only from the test that owns it.
    public let folder: String
    public let socket: String
    let process: Process

    /// Where dbus-daemon is, if installed.
    public static let daemonPath = ["/usr/bin/dbus-daemon", "/bin/dbus-daemon"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Whether a bus and both clients are installed; tests skip with a message otherwise.
    public static var isAvailable: Bool {
        daemonPath != nil && tool("busctl") != nil && tool("gdbus") != nil
    }

    /// Why the D-Bus tests skip, for the test report.
    public static let skipReason = "needs dbus-daemon, busctl and gdbus (Debian: dbus-daemon, systemd, libglib2.0-bin; tools/quickstart installs them)"

    /// A client tool's path, if installed.
    public static func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS` or `DBUS_SYSTEM_BUS_ADDRESS`.
    public var address: String { "unix:path=\(socket)" }

    /// Starts a bus. `policy` is the `<policy>` and `<include>` part of its configuration; by
    /// default every user may connect, own names and send anything, as on a session bus.
    public init(type: String = "session", policy: String? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("footfall-bus-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        socket = folder + "/bus"
        let rules = policy ?? """
              <policy context="default">
                <allow user="*"/>
                <allow own="*"/>
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
              </policy>
            """
        let configuration = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>\(type)</type>
              <listen>unix:path=\(socket)</listen>
              <auth>EXTERNAL</auth>
            \(rules)
            </busconfig>
            """
        let configurationPath = folder + "/bus.conf"
        try configuration.write(toFile: configurationPath, atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.daemonPath ?? "/usr/bin/dbus-daemon")
        process.arguments = ["--config-file=\(configurationPath)", "--nofork", "--nopidfile"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket) {
            guard process.isRunning, Date() < deadline else { throw DaemonTestError.unexpected("dbus-daemon did not start on \(socket)") }
            usleep(20_000)
        }
        // Other users' clients connect too (the bus decides by its policy, not by file modes).
        chmod(socket, 0o666)
    }

    deinit { stop() }

    /// Stops the bus (SIGKILL: a child of the test process inherits its blocked SIGTERM) and
    /// removes its folder. Call it at the end of the test: that also keeps the bus alive until then.
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The environment that points a session-bus client (or footfalld) at this bus.
    public var sessionEnvironment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// Runs `busctl --address=… ARGS` and returns its status and output.
    /// - Parameter user: run it as this uid (and its gid) instead of the test's (through setpriv).
    public func busctl(_ arguments: [String], user: UInt32? = nil, groups: [UInt32] = []) throws -> (status: Int32, stdout: String, stderr: String) {
        try run(Self.tool("busctl") ?? "busctl", ["--address=\(address)"] + arguments, user: user, groups: groups)
    }

    /// Runs `gdbus ARGS --address …`-style commands: `arguments` starts with the gdbus command
    /// (call, introspect, monitor, ...), and the address follows it.
    public func gdbus(_ arguments: [String], user: UInt32? = nil, groups: [UInt32] = []) throws -> (status: Int32, stdout: String, stderr: String) {
        guard let command = arguments.first else { throw DaemonTestError.unexpected("no gdbus command") }
        return try run(Self.tool("gdbus") ?? "gdbus", [command, "--address", address] + arguments.dropFirst(), user: user, groups: groups)
    }

    func run(_ tool: String, _ arguments: [String], user: UInt32?, groups: [UInt32]) throws -> (status: Int32, stdout: String, stderr: String) {
        guard let user else { return try DaemonProcess.run(URL(fileURLWithPath: tool), arguments) }
        let setpriv = URL(fileURLWithPath: Self.tool("setpriv") ?? "/usr/bin/setpriv")
        let groupOption = groups.isEmpty ? "--clear-groups" : "--groups=" + groups.map(String.init).joined(separator: ",")
        return try DaemonProcess.run(setpriv, ["--reuid=\(user)", "--regid=\(user)", groupOption, tool] + arguments,
                                     environment: ["HOME": "/nonexistent"])
    }

    /// Starts a long-running client (`gdbus monitor`, `busctl monitor`) whose output the test
    /// reads as it comes; stop it with SIGKILL (it inherits the test process's blocked signals).
    public func start(_ tool: String, _ arguments: [String]) throws -> (process: Process, lines: LineReader) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.tool(tool) ?? tool)
        process.arguments = tool == "gdbus" ? [arguments[0], "--address", address] + arguments.dropFirst() : ["--address=\(address)"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, LineReader(out.fileHandleForReading))
    }
}
