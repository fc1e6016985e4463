import Foundation
import FootfallClient
import FootfallProtocol
#if canImport(Glibc)
import Glibc
#endif

/// A real footfalld, started from the build folder in a temporary state directory, as a user
/// would run it; stopped (SIGTERM), killed (SIGKILL) or restarted by the tests.
public final class DaemonProcess: @unchecked Sendable {
    // Touched only from the test that owns it.
    public let folder: String
    public let socket: String
    public var stateDirectory: String { folder + "/state" }
    public var process: Process?
    var stderrPath: String { folder + "/stderr-\(launches).log" }
    var launches = 0

    /// Whether this test executable, and so the footfalld beside it, was built with AddressSanitizer
    /// or ThreadSanitizer (`swift test --sanitize=...`): their shadow memory and quarantine make
    /// the daemon's RSS no measure of its own memory.
    public static let isSanitized = dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil

    /// How much longer the waits for the daemon are in a sanitized build: there every process
    /// runs several times slower, and the suite's CPU-bound tests (benchmarks, plots) hold the
    /// test process's few cooperative threads for tens of seconds, so a daemon that answered at
    /// once could otherwise not be asked within 30 s.
    static let timeScale: Double = isSanitized ? 4 : 1

    /// The footfalld and footfall executables beside the test bundle.
    public static func executable(_ name: String) -> URL {
        var url = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: name)
    }

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("footfalld-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        socket = folder + "/footfall.sock"
    }

    deinit {
        if let process {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Starts footfalld with `arguments` (plus the state directory and socket) and waits until
    /// it answers on the socket.
    public func start(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 60) async throws {
        launches += 1
        let process = Process()
        process.executableURL = Self.executable("footfalld")
        process.arguments = ["--state-dir", stateDirectory, "--socket", socket] + arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NOTIFY_SOCKET")
        // No bus unless the test gives one: a developer's session bus is not the tests' business.
        for key in ["DBUS_SESSION_BUS_ADDRESS", "DBUS_SYSTEM_BUS_ADDRESS", "XDG_RUNTIME_DIR"] { env.removeValue(forKey: key) }
        env["TZ"] = env["TZ"] ?? "UTC"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(timeout * Self.timeScale)
        while Date() < deadline {
            if !process.isRunning {
                process.waitUntilExit()
                throw DaemonTestError.exited(process.terminationStatus, stderr)
            }
            if (try? await status()) != nil { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw DaemonTestError.timedOut("footfalld did not answer within \(timeout * Self.timeScale) s; stderr:\n\(stderr)")
    }

    /// What the daemon wrote to stderr in its latest run.
    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// The daemon's STATUS.
    public func status() async throws -> StatusMessage {
        try await DaemonClient.withConnection(to: socket) { session in
            guard case .status(let status) = try await session.ask(.status) else { throw DaemonTestError.unexpected("no STATUS") }
            return status
        }
    }

    /// Asks one request and returns the reply.
    public func ask(_ request: Request) async throws -> ServerMessage {
        try await DaemonClient.withConnection(to: socket) { session in try await session.ask(request) }
    }

    /// Waits until `condition` holds for the status, or fails after `timeout` seconds.
    @discardableResult
    public func waitFor(_ what: String, timeout: Double = 60, _ condition: (StatusMessage) -> Bool) async throws -> StatusMessage {
        let deadline = Date().addingTimeInterval(timeout * Self.timeScale)
        var last: StatusMessage?
        while Date() < deadline {
            if let status = try? await status() {
                last = status
                if condition(status) { return status }
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw DaemonTestError.timedOut("\(what) did not happen within \(timeout) s; last status: \(String(describing: last)); stderr:\n\(stderr)")
    }

    /// Sends a signal.
    public func signal(_ number: Int32) {
        if let process { kill(process.processIdentifier, number) }
    }

    /// SIGTERM, then waits for the exit; returns the exit status.
    @discardableResult
    public func stop(timeout: Double = 20) async throws -> Int32 {
        guard let process else { return 0 }
        kill(process.processIdentifier, SIGTERM)
        return try await waitForExit(timeout: timeout)
    }

    /// SIGKILL, then waits for the exit.
    public func killHard() async throws {
        guard let process else { return }
        kill(process.processIdentifier, SIGKILL)
        _ = try await waitForExit(timeout: 10)
    }

    public func waitForExit(timeout: Double) async throws -> Int32 {
        guard let process else { return 0 }
        let deadline = Date().addingTimeInterval(timeout * Self.timeScale)
        while process.isRunning {
            if Date() > deadline {
                kill(process.processIdentifier, SIGKILL)
                throw DaemonTestError.timedOut("footfalld did not exit within \(timeout) s; stderr:\n\(stderr)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        // Returns at once, but lets Foundation release the Process: one only polled with
        // isRunning stays alive in a reference cycle (LeakSanitizer reports it).
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Resident memory of the daemon now, kilobytes (from /proc).
    public func residentKilobytes() -> Int? {
        guard let process, let text = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        }
        return nil
    }

    /// The names the kernel shows for the daemon's threads now (`/proc/PID/task/TID/comm`);
    /// the first thread's name is the process's.
    public func threadNames() -> [String] {
        guard let process else { return [] }
        let tasks = "/proc/\(process.processIdentifier)/task"
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
        return ids.sorted { Int($0) ?? 0 < Int($1) ?? 0 }.compactMap {
            (try? String(contentsOfFile: "\(tasks)/\($0)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// Runs the footfall CLI against this daemon.
    public func footfall(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        try Self.run(Self.executable("footfall"), arguments + ["--socket", socket], environment: environment)
    }

    /// Runs an executable and collects its output.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting so a large output cannot fill the pipe and block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }
}

public enum DaemonTestError: Error, CustomStringConvertible {
    case exited(Int32, String)
    case timedOut(String)
    case unexpected(String)

    public var description: String {
        switch self {
        case .exited(let status, let stderr): return "footfalld exited with \(status):\n\(stderr)"
        case .timedOut(let what): return what
        case .unexpected(let what): return what
        }
    }
}
