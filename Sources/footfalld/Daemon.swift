import Dispatch
import Foundation
import FootfallDetection
import FootfallGoals
import FootfallInput
import FootfallService
import FootfallStore
import Logging
import ServiceLifecycle
#if canImport(Glibc)
import Glibc
#endif

/// Everything footfalld was told at start.
struct DaemonOptions {
    var configuration: DaemonConfiguration
    var configurationPath: String
    var paths: DaemonPaths
    var stateDirectory: String
    var socket: String
    var device: String
    var replay: String?
    var speed: Double
    var loop: Bool
    var metricsFile: String?
    var logLevel: String
    var clock: DaemonClock
}

/// Wires the daemon: store, ledger, sensor, events, socket, metrics and systemd, in a
/// ServiceGroup ordered by dependency, so shutdown closes the socket first, then stops the
/// sensor, then writes the last steps.
struct Daemon {
    let options: DaemonOptions

    func run() async throws {
        let level = SharedLogLevel(Logger.Level(rawValue: options.logLevel) ?? .info)
        LoggingSystem.bootstrap { JournalLogHandler(label: $0, level: level) }
        let logger = Logger(label: "footfalld")
        // Sockets and files this process creates are never for others.
        umask(0o007)

        let configuration = options.configuration
        let boundary = try dayBoundary(configuration)
        let storeHandle = try openStore(logger: logger, today: boundary.day(containing: options.clock.now()))
        let store = storeHandle.current
        let goals = try GoalHistory(initialGoal: configuration.goal,
                                    changes: try store.goalChanges().map { GoalHistory.Change(effective: Date(timeIntervalSince1970: $0.effectiveAt), goal: $0.goal) })
        let today = boundary.day(containing: options.clock.now())
        let reached = try store.milestones(day: today.description).compactMap { Milestone(label: $0.milestone) }
        let sourceKind = options.replay != nil ? "replay" : nil
        let catalog = SensorCatalog(configuration: inputConfiguration(configuration), logger: Logger(label: "footfall.input"))
        let ledger = StepLedger(clock: options.clock, boundary: boundary, goals: goals, todaySteps: try store.dayTotal(today.description),
                                reachedToday: reached, lifetime: try store.lifetimeTotal(), source: sourceKind ?? "iio")
        let hub = EventHub()
        let executor = BlockingExecutor(label: "footfall-store")
        let sensor = SensorService(makeSource: makeSource(catalog: catalog, logger: logger), detector: .default, sink: ledger,
                                   logger: Logger(label: "footfall.sensor"))
        let core = DaemonCore(ledger: ledger, store: storeHandle, executor: executor, sensor: sensor,
                              catalog: options.replay == nil ? catalog : nil, release: DaemonRelease.version,
                              settings: .init(stride: configuration.stride, approximations: configuration.approximations,
                                              userName: configuration.userName, palette: configuration.palette))
        let notifier = SystemdNotifier()
        let retention = RetentionSetting(configuration.retentionDays)
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: StoreService(store: storeHandle, ledger: ledger, hub: hub, executor: executor, logger: Logger(label: "footfall.store"),
                                        retentionDays: { retention.days })),
            .init(service: sensor),
            .init(service: EventService(ledger: ledger, hub: hub, logger: Logger(label: "footfall.events"))),
            .init(service: SocketService(path: options.socket, handler: core, hub: hub, logger: Logger(label: "footfall.socket"),
                                         onListening: {
                                             notifier.notify("READY=1\nSTATUS=serving on \(options.socket)")
                                         })),
        ]
        if let metrics = options.metricsFile {
            services.append(.init(service: MetricsService(path: metrics, core: core, hub: hub, logger: Logger(label: "footfall.metrics"))))
        }
        services.append(.init(service: NotifyService(notifier: notifier, core: core)))
        let reloader = reloadOnHangUp(ledger: ledger, core: core, level: level, retention: retention, logger: logger)
        defer { reloader.cancel() }
        logger.info("starting", metadata: ["footfall.release": "\(DaemonRelease.version)", "store.directory": "\(options.stateDirectory)",
                                           "socket.path": "\(options.socket)", "steps.today": "\(ledger.figures().steps)"])
        if options.replay != nil {
            logger.notice("replaying a recorded trace, not reading a device", metadata: ["replay.trace": "\(options.replay!)", "replay.speed": "\(options.speed)"])
        }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
        // Fold the write-ahead log into the database file: a clean file for backups and tools.
        do {
            try storeHandle.current.close()
        } catch {
            logger.warning("could not close the store cleanly", metadata: ["error": "\(error)"])
        }
        logger.info("stopped", metadata: ["steps.today": "\(ledger.figures().steps)", "store.unwritten": "\(ledger.unwrittenSteps)"])
    }

    /// Opens the store. A database that is corrupt (unreadable, or failing its integrity
    /// check) is moved aside, with what can still be read of today salvaged into a fresh one,
    /// and the log says so: the history before today is in the moved file, for a manual
    /// `sqlite3 FILE .recover`.
    func openStore(logger: Logger, today: LocalDay) throws -> StoreHandle {
        let storeLogger = Logger(label: "footfall.store")
        let directory = options.stateDirectory
        var salvaged = StoreBatch()
        switch Self.openChecked(directory: directory, logger: storeLogger) {
        case .healthy(let database):
            return StoreHandle(database, directory: directory, logger: storeLogger)
        case .damaged(let database, let check):
            // Damaged pages: keep what today's rows still give.
            let day = today.description
            if let total = try? database.days(from: day, to: day).first {
                salvaged = StoreBatch(minutes: [MinuteDelta(start: Int64(Date().timeIntervalSince1970 / 60) * 60, source: "replay",
                                                            day: day, steps: total.steps, cadenceSum: 0)],
                                      dayGoals: [day: total.goal],
                                      milestones: (try? database.milestones(day: day)) ?? [],
                                      goalChanges: (try? database.goalChanges()) ?? [])
            }
            try? database.close()
            logger.critical("the step store failed its integrity check", metadata: ["store.check": "\(check.prefix(3))"])
        case .corrupt(let error):
            logger.critical("the step store is corrupt", metadata: ["error": "\(error)"])
        case .failed(let error):
            throw error
        }
        let moved = try FootfallDatabase.quarantine(directory: directory, logger: storeLogger)
        let fresh = try FootfallDatabase.open(directory: directory, logger: storeLogger)
        if !salvaged.isEmpty { try fresh.write(salvaged) }
        logger.critical("moved the damaged store aside and started a new one",
                        metadata: ["store.quarantined": "\(moved ?? "-")", "steps.today.salvaged": "\(salvaged.steps)"])
        return StoreHandle(fresh, directory: directory, logger: storeLogger)
    }

    /// What opening the store found.
    enum OpenOutcome {
        case healthy(FootfallDatabase)
        case damaged(FootfallDatabase, [String])
        case corrupt(StoreError)
        case failed(StoreError)
    }

    static func openChecked(directory: String, logger: Logger) -> OpenOutcome {
        let database: FootfallDatabase
        do {
            database = try FootfallDatabase.open(directory: directory, logger: logger)
        } catch {
            if case .corrupt = error { return .corrupt(error) }
            return .failed(error)
        }
        do {
            let check = try database.integrityCheck()
            return check == ["ok"] ? .healthy(database) : .damaged(database, check)
        } catch {
            if case .corrupt = error { return .damaged(database, ["\(error)"]) }
            return .failed(error)
        }
    }

    func dayBoundary(_ configuration: DaemonConfiguration) throws -> DayBoundary {
        return try DayBoundary(timeZone: SystemTimeZone.current(), startHour: configuration.dayStartMinutes / 60,
                               startMinute: configuration.dayStartMinutes % 60)
    }

    func inputConfiguration(_ configuration: DaemonConfiguration) -> InputConfiguration {
        var input = InputConfiguration()
        input.targetRateHz = configuration.targetRateHz
        input.unitsPerG = configuration.unitsPerG
        input.iioURI = configuration.iioURI
        input.mountMatrix = configuration.mountMatrix.flatMap { try? MountMatrix(parsing: $0) }
        return input
    }

    /// Builds the sample source on the sensor thread.
    func makeSource(catalog: SensorCatalog, logger: Logger) -> @Sendable () -> SensorSource {
        let replay = options.replay, speed = options.speed, loop = options.loop, device = options.device
        return {
            if let replay {
                do {
                    let source = try TraceReplaySource(path: replay, speed: speed, loops: loop)
                    try source.start()
                    return source
                } catch {
                    logger.critical("\(error)")
                    return EmptySource(reason: "\(error)")
                }
            }
            let supervised = SupervisedSource(catalog: catalog, selector: DeviceSelector(device), logger: Logger(label: "footfall.sensor"))
            supervised.startWaiting()
            return supervised
        }
    }

    /// SIGHUP: reads the configuration again and applies what can change while running.
    func reloadOnHangUp(ledger: StepLedger, core: DaemonCore, level: SharedLogLevel, retention: RetentionSetting,
                        logger: Logger) -> DispatchSourceSignal {
        signal(SIGHUP, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        let path = options.configurationPath, original = options.configuration
        source.setEventHandler {
            do {
                let fresh = FileManager.default.fileExists(atPath: path) ? try DaemonConfiguration.load(path: path) : DaemonConfiguration()
                level.value = Logger.Level(rawValue: fresh.logLevel) ?? .info
                core.update(.init(stride: fresh.stride, approximations: fresh.approximations, userName: fresh.userName,
                                  palette: fresh.palette))
                retention.days = fresh.retentionDays
                ledger.setBoundary(try dayBoundary(fresh))
                var needsRestart: [String] = []
                if fresh.device != original.device { needsRestart.append("device") }
                if fresh.mountMatrix != original.mountMatrix { needsRestart.append("mount_matrix") }
                if fresh.iioURI != original.iioURI { needsRestart.append("iio_uri") }
                if fresh.targetRateHz != original.targetRateHz { needsRestart.append("target_rate_hz") }
                logger.notice("configuration reloaded", metadata: [
                    "config.path": "\(path)",
                    "config.restart_needed_for": "\(needsRestart.isEmpty ? "nothing" : needsRestart.joined(separator: ","))",
                ])
            } catch {
                logger.error("configuration not reloaded; keeping the one in force", metadata: ["error": "\(error)"])
            }
        }
        source.resume()
        return source
    }
}

/// The retention setting, changed by a reload.
final class RetentionSetting: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var value: Int?
    init(_ days: Int?) { value = days }
    var days: Int? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

/// A source that never delivers: what the sensor thread reads when the replay file is
/// unusable, so the daemon still serves the store's history.
final class EmptySource: SensorSource {
    let device: SensorDevice
    init(reason: String) { device = SensorDevice(backend: .replay, id: "none", name: reason) }
    func start() throws(SensorError) {}
    func read(into batch: inout [Sample], timeout: Duration) throws(SensorError) -> SensorReadOutcome { .endOfStream }
    func stop() {}
}
