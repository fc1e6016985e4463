import FootfallProtocol
import Logging
import ServiceLifecycle

/// Tells watching clients and the D-Bus interface what happens: a STEP batch for the steps filed in the last tenth of
/// a second, and PROGRESS at most four times a second, only when the figures changed. Also
/// rolls the ledger over to a new day at the day's start even when no step comes, and
/// follows a change of the system time zone within a minute.
public struct EventService: Service, CustomStringConvertible {
    public var description: String { "EventService" }
    let ledger: StepLedger
    let hub: EventHub
    let logger: Logger

    /// Creates the service.
    public init(ledger: StepLedger, hub: EventHub, logger: Logger) {
        self.ledger = ledger
        self.hub = hub
        self.logger = logger
    }

    public func run() async throws {
        var lastVersion = -1
        var lastProgress = ContinuousClock.now - .seconds(1)
        var lastZoneCheck = ContinuousClock.now
        while Task.shouldContinue {
            guard await Task.pause(for: .milliseconds(100)) else { break }
            if ContinuousClock.now - lastZoneCheck >= .seconds(30) {
                lastZoneCheck = .now
                if let zone = ledger.followSystemTimeZone() {
                    logger.notice("the system time zone changed; filing steps by it from now on", metadata: ["time.zone": "\(zone)"])
                }
            }
            ledger.tick()
            let steps = ledger.takeRecentSteps()
            let figures = ledger.figures()
            // STEP is for socket clients only (D-Bus has no per-step signal): no line to encode
            // while only D-Bus listens.
            if !steps.isEmpty && hub.count > 0 {
                hub.publish(DaemonEvent(.steps(steps, total: figures.steps)))
            }
            if figures.version != lastVersion && ContinuousClock.now - lastProgress >= .milliseconds(250) {
                lastVersion = figures.version
                lastProgress = .now
                if hub.hasWatchers { hub.publish(DaemonEvent(.progress(figures))) }
            }
        }
    }
}
