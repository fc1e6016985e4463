import FootfallProtocol
import Logging
import ServiceLifecycle

/// Tells watching clients and the D-Bus interface what happens, once per batch of the sensor
/// thread that brought news (`BatchHandover` rings `events`): a STEP message with the batch's
/// steps, and PROGRESS when today's figures changed, never one identical to the last. No timer
/// of its own: without news it sleeps. Also follows a change of the system time zone, checked
/// on a beat every 30 s.
public struct EventService: Service, CustomStringConvertible {
    public var description: String { "EventService" }
    let ledger: StepLedger
    let hub: EventHub
    let beats: Doorbell
    let logger: Logger

    /// Creates the service.
    /// - Parameter beats: rung when there may be news (`BatchHandover.events`).
    public init(ledger: StepLedger, hub: EventHub, beats: Doorbell, logger: Logger) {
        self.ledger = ledger
        self.hub = hub
        self.beats = beats
        self.logger = logger
    }

    public func run() async throws {
        var lastProgress: [UInt8] = []
        var lastZoneCheck = ContinuousClock.now
        for try await _ in beats.rings.cancelOnGracefulShutdown() {
            if ContinuousClock.now - lastZoneCheck >= .seconds(30) {
                lastZoneCheck = .now
                if let zone = ledger.followSystemTimeZone() {
                    logger.notice("the system time zone changed; filing steps by it from now on", metadata: ["time.zone": "\(zone)"])
                }
            }
            ledger.tick()
            let steps = ledger.takeRecentSteps()
            let provisional = ledger.takeRecentProvisional()
            let figures = ledger.figures()
            // STEP is for socket clients only (D-Bus has no per-step signal): no line to encode
            // while only D-Bus listens.
            if !steps.isEmpty && hub.count > 0 {
                hub.publish(DaemonEvent(.steps(steps, total: figures.steps)))
            }
            if (!provisional.steps.isEmpty || provisional.withdrawn > 0) && hub.count > 0 {
                hub.publish(DaemonEvent(.provisionalSteps(provisional.steps, withdrawn: provisional.withdrawn,
                                                          pending: provisional.pending, total: figures.steps)))
            }
            if hub.hasWatchers {
                let progress = DaemonEvent(.progress(figures))
                if progress.line != lastProgress {
                    lastProgress = progress.line
                    hub.publish(progress)
                }
            }
        }
    }
}
