#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import FootfallDBus
import FootfallDetection
import FootfallInput
import FootfallService
import FootfallVocabulary
import Logging
import ServiceLifecycle

/// Wires the daemon: store, ledger, sensor, events, socket, D-Bus, metrics, systemd and reload,
/// in a ServiceGroup ordered by dependency, so shutdown leaves D-Bus and closes the socket
/// first, then stops the sensor, then writes the last steps. What each part does is in FootfallService.
struct Daemon {
    let options: DaemonOptions

    func run() async throws {
        let level = SharedLogLevel(options.logLevel)
        LoggingSystem.bootstrap { JournalLogHandler(label: $0, level: level) }
        let logger = Logger(label: "footfalld")
        // Sockets and files this process creates are never for others.
        umask(0o007)

        let configuration = options.configuration
        let boundary = try configuration.dayBoundary(in: SystemTimeZone.current())
        let store = try StoreRecovery.open(directory: options.stateDirectory, today: boundary.day(containing: options.clock.now()),
                                           boundary: boundary, logger: logger, storeLogger: Logger(label: "footfall.store"))
        let ledger = try StepLedger(store: store.current, clock: options.clock, boundary: boundary, initialGoal: configuration.goal)
        var input = configuration.input
        input.reportLatency = options.reportLatency
        input.stepCounterInterval = options.reportLatency
        let source: SampleSource = options.replay.map { .replay(path: $0, speed: options.speed, loops: options.loop) }
            ?? .device(options.device,
                       catalog: SensorCatalog(configuration: input, logger: Logger(label: "footfall.input")))
        let sensorLogger = Logger(label: "footfall.sensor")
        let settings = LiveSettings(configuration.runtimeSettings)
        let executor = BlockingExecutor(label: "footfall-store")
        let hub = EventHub()
        let writer = StoreWriter(store: store, ledger: ledger, hub: hub, executor: executor, logger: Logger(label: "footfall.store"))
        // One schedule for the whole daemon: the sensor thread's batches, one per report latency.
        let handover = BatchHandover(ledger: ledger, writer: writer)
        let sensor = try SensorService(makeSource: { source.open(logger: sensorLogger) }, detector: configuration.detector, sink: handover,
                                   logger: sensorLogger, input: input)
        let core = DaemonCore(ledger: ledger, store: store, executor: executor, sensor: sensor, catalog: source.catalog,
                              release: FootfallRelease.version, settings: settings, handover: handover)
        let notifier = SystemdNotifier()
        let reloader = ConfigurationReloader(path: options.configurationPath, original: configuration, ledger: ledger, settings: settings,
                                             setLogLevel: { level.value = $0 }, logger: logger)
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: StoreService(writer: writer, settings: settings, logger: Logger(label: "footfall.store"), beats: handover.store)),
            .init(service: sensor),
            .init(service: EventService(ledger: ledger, hub: hub, beats: handover.events, logger: Logger(label: "footfall.events"))),
            .init(service: SocketService(path: options.socket, handler: core, hub: hub, logger: Logger(label: "footfall.socket"),
                                         onListening: { notifier.notify("READY=1\nSTATUS=serving on \(options.socket)") })),
            // Without a bus it returns, and the daemon goes on with its socket.
            .init(service: BusService(bus: options.bus, core: core, hub: hub, logger: Logger(label: "footfall.dbus"),
                                      thread: MainThreadLoan.shared.starter),
                  successTerminationBehavior: .ignore),
        ]
        if let metrics = options.metricsFile {
            services.append(.init(service: MetricsService(path: metrics, figures: core, hub: hub, logger: Logger(label: "footfall.metrics"))))
        }
        if let notify = NotifyService(notifier: notifier, figures: core) { services.append(.init(service: notify)) }
        services.append(.init(service: await ReloadService(reloader: reloader)))
        logger.info("starting", metadata: ["footfall.release": "\(FootfallRelease.version)", "store.directory": "\(options.stateDirectory)",
                                           "socket.path": "\(options.socket)", "steps.today": "\(ledger.figures().steps)"])
        if configuration.placement == .unknown {
            // Held to the body's thresholds, a watch's hands at work start walks: leaving people
            // out, WISDM's twelve activities count 131 false steps an hour so, 7 at the wrist.
            logger.notice("placement is unknown: on a watch, set placement: wrist (hands at work count as steps otherwise); on a phone, placement: body",
                          metadata: ["configuration.path": "\(options.configurationPath)"])
        }
        if let replay = options.replay {
            logger.notice("replaying a recorded trace, not reading a device", metadata: ["replay.trace": "\(replay)", "replay.speed": "\(options.speed)"])
        }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
        // Fold the write-ahead log into the database file: a clean file for backups and tools.
        do {
            try store.current.close()
        } catch {
            logger.warning("could not close the store cleanly", metadata: ["error": "\(error)"])
        }
        logger.info("stopped", metadata: ["steps.today": "\(ledger.figures().steps)", "store.unwritten": "\(ledger.unwrittenSteps)"])
    }
}
