import Foundation
import Logging
import ServiceLifecycle

/// Rewrites a Prometheus text file every 15 s (node_exporter's textfile collector), so a fleet
/// of boards shows up in existing monitoring without a new listener.
public struct MetricsService: Service, CustomStringConvertible {
    public var description: String { "MetricsService" }
    let path: String
    let core: DaemonCore
    let hub: EventHub
    let logger: Logger
    let interval: Duration

    /// Creates the service.
    public init(path: String, core: DaemonCore, hub: EventHub, logger: Logger, interval: Duration = .seconds(15)) {
        self.path = path
        self.core = core
        self.hub = hub
        self.logger = logger
        self.interval = interval
    }

    public func run() async throws {
        var failed = false
        while Task.shouldContinue {
            let status = core.status()
            let snapshot = MetricsSnapshot(stepsToday: status.steps, stepsTotal: core.ledger.figures().lifetime,
                                           cadence: status.cadenceSpm, goalProgress: status.progress, goal: status.goal,
                                           deviceUp: status.source.state == "up", samplesProcessed: status.samplesProcessed,
                                           deviceLosses: status.source.losses, watchers: hub.count)
            do {
                try snapshot.write(to: path)
                failed = false
            } catch {
                if !failed { logger.warning("cannot write the metrics file", metadata: ["metrics.path": "\(path)", "error": "\(error)"]) }
                failed = true
            }
            guard await Task.pause(for: interval) else { break }
        }
    }
}
