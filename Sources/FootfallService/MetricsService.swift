import Logging
import ServiceLifecycle

/// Rewrites a Prometheus text file every 15 s (node_exporter's textfile collector), so a fleet
/// of boards shows up in existing monitoring without a new listener.
public struct MetricsService: Service, CustomStringConvertible {
    public var description: String { "MetricsService" }
    let writer: MetricsWriter
    let figures: any DaemonSnapshotProviding
    let hub: EventHub
    let logger: Logger
    let interval: Duration

    /// Creates the service.
    /// - Parameters:
    ///   - path: the file to rewrite.
    ///   - figures: where the daemon's snapshot comes from.
    ///   - hub: the watchers, for their count.
    public init(path: String, figures: any DaemonSnapshotProviding, hub: EventHub, logger: Logger, interval: Duration = .seconds(15)) {
        self.writer = MetricsWriter(path: path)
        self.figures = figures
        self.hub = hub
        self.logger = logger
        self.interval = interval
    }

    public func run() async throws {
        var failed = false
        while Task.shouldContinue {
            do {
                try writer.write(figures.snapshot(), watchers: hub.count)
                failed = false
            } catch {
                if !failed { logger.warning("cannot write the metrics file", metadata: ["metrics.path": "\(writer.path)", "error": "\(error)"]) }
                failed = true
            }
            guard await Task.pause(for: interval) else { break }
        }
    }
}
