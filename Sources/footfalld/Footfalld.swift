import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallInput
import FootfallService
import FootfallVocabulary
import Logging

/// `footfalld`: counts steps all day from an accelerometer (or a replayed trace), keeps them
/// in SQLite, and answers the `footfall` CLI on a local Unix socket. (`DaemonEntryPoint` runs it.)
struct Footfalld: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "footfalld",
        abstract: "The Footfall daemon: counts steps all day, keeps them, and serves them on a local socket and D-Bus.",
        discussion: """
        Runs in the foreground (systemd Type=notify; it sends READY, STATUS and WATCHDOG to \
        $NOTIFY_SOCKET). SIGTERM and SIGINT stop it gracefully: the socket closes, counting \
        stops, the last steps are written. SIGHUP reloads the configuration file.

        The sample source is the first accelerometer found (IIO, then evdev), the one named by \
        --device, or a recorded trace with --replay. With no accelerometer at all it waits for \
        one to appear, and says so in the log.

        Besides its socket, it serves apps on D-Bus as org.footfall.Footfall1: on the session \
        bus when one is reachable ($DBUS_SESSION_BUS_ADDRESS, or $XDG_RUNTIME_DIR/bus), on the \
        system bus with --system (see docs/dbus.md for the policy file). Without a bus it says \
        so once in the log and serves the socket alone. To look:

          busctl --user introspect org.footfall.Footfall1 /org/footfall/Footfall1

        Files: the configuration (YAML, see docs/configuration.md) defaults to \
        $XDG_CONFIG_HOME/footfall/footfalld.yaml, or /etc/footfall/footfalld.yaml with --system; \
        the store to $XDG_STATE_HOME/footfall, or /var/lib/footfall; the socket to \
        $XDG_RUNTIME_DIR/footfall.sock, or /run/footfall/footfall.sock. Under systemd, \
        $STATE_DIRECTORY and $RUNTIME_DIRECTORY win.
        """,
        version: FootfallRelease.version
    )

    @Option(help: ArgumentHelp("The accelerometer: auto, or an id or name from 'footfall devices'.", valueName: "id"))
    var device: DeviceSelector?

    @Option(help: ArgumentHelp("Replay a recorded trace instead of reading a device (demos and tests).", valueName: "trace.csv"))
    var replay: String?

    @Option(help: ArgumentHelp("With --replay: how many times real time (e.g. 50).", valueName: "factor"))
    var speed: Double = 1

    @Flag(help: "With --replay: start over at the end, forever.")
    var loop = false

    @Option(help: ArgumentHelp("Where to keep the step store.", valueName: "dir"))
    var stateDir: String?

    @Option(help: ArgumentHelp("The Unix socket to serve on.", valueName: "path"))
    var socket: String?

    @Option(help: ArgumentHelp("The configuration file.", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Rewrite a Prometheus text file with today's figures every 15 s (node_exporter textfile collector).", valueName: "path"))
    var metricsFile: String?

    @Option(help: ArgumentHelp("How long a step may wait before clients hear of it, seconds (0.1 to 10; default 1, or the configuration's report_latency). Longer: fewer wakeups.", valueName: "seconds"))
    var reportLatency: Double?

    @Option(help: ArgumentHelp("How much to log; overrides the configuration's log_level.", valueName: "level"))
    var logLevel: Logger.Level?

    @Flag(help: "Run as the system service: its paths (/var/lib/footfall, /run/footfall, /etc/footfall) and the system bus.")
    var system = false

    @Flag(help: "Check the configuration file and exit (0 when it is valid).")
    var checkConfig = false

    @Option(help: ArgumentHelp("Test only: start the wall clock at this instant (ISO 8601 with offset).", valueName: "instant", visibility: .hidden))
    var testClockStart: String?

    @Option(help: ArgumentHelp("Test only: run the wall clock this many times faster than real time.", valueName: "factor", visibility: .hidden))
    var testClockRate: Double = 1

    func validate() throws {
        if !(speed > 0 && speed <= 10_000) { throw ValidationError("--speed must be between 0 and 10000.") }
        if replay == nil && (loop || speed != 1) { throw ValidationError("--speed and --loop go with --replay.") }
        if replay != nil && device != nil { throw ValidationError("Give either --device or --replay, not both.") }
        if let reportLatency, !InputConfiguration.reportLatencyRange.contains(reportLatency) {
            throw ValidationError("--report-latency must be a number of seconds from 0.1 to 10.")
        }
        if let testClockStart, Self.instant(testClockStart) == nil {
            throw ValidationError("--test-clock-start must be an ISO 8601 instant with an offset, e.g. 2026-03-29T01:59:00+01:00.")
        }
    }

    /// An ISO 8601 instant with an offset ("2026-03-29T01:59:00+01:00", "...Z"), or nil.
    static func instant(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle().parse(text)
    }

    func run() async throws {
        SystemTimeZone.prepareProcessEnvironment()
        let paths = DaemonPaths(system: system)
        let configurationPath = config ?? paths.configuration
        var configuration = DaemonConfiguration()
        do {
            if config != nil || FileManager.default.fileExists(atPath: configurationPath) {
                configuration = try DaemonConfiguration.load(path: configurationPath)
            }
        } catch {
            StandardError.write("footfalld: \(error)\n")
            throw ExitCode(78)  // EX_CONFIG
        }
        if checkConfig {
            print("\(configurationPath): valid")
            return
        }
        let clock = testClockStart.flatMap(Self.instant)
            .map { DaemonClock(start: $0, rate: testClockRate) } ?? .system
        let options = DaemonOptions(
            configuration: configuration, configurationPath: configurationPath, paths: paths,
            stateDirectory: stateDir ?? paths.stateDirectory, socket: socket ?? paths.socket,
            device: device ?? configuration.device, replay: replay, speed: speed, loop: loop,
            metricsFile: metricsFile ?? configuration.metricsFile,
            reportLatency: reportLatency.map { .seconds($0) } ?? configuration.reportLatency,
            logLevel: logLevel ?? configuration.logLevel, clock: clock,
            bus: system ? .system : .session)
        try await Daemon(options: options).run()
    }
}

/// `--device auto` or a device's id or name, as the configuration's `device` reads it.
extension DeviceSelector: ExpressibleByArgument {
    public init(argument: String) { self.init(argument) }
}

/// `--log-level` takes swift-log's level names; argument-parser lists them in the help and
/// refuses any other. (Neither package declares the conformance, hence `@retroactive`.)
extension Logger.Level: @retroactive ExpressibleByArgument {}
