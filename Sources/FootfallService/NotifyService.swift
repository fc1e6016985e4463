import FootfallDBus
import ServiceLifecycle

/// Keeps systemd informed, on one schedule: WATCHDOG=1 at half the watchdog interval systemd
/// asks for (`WATCHDOG_USEC`), but only while the sensor thread is alive (a hung thread stops
/// the pings and systemd restarts the daemon), with STATUS= a line of today's figures when it
/// changed, in the same message; every 15 s without a watchdog. STOPPING=1 on shutdown.
/// There is none without a systemd to tell: a service with nothing to do is not added.
public struct NotifyService: Service, CustomStringConvertible {
    public var description: String { "NotifyService" }
    let notifier: SystemdNotifier
    let figures: any DaemonSnapshotProviding

    /// Creates the service, or nil when systemd did not start the daemon (`notifier` is not
    /// active).
    /// - Parameter figures: where the daemon's snapshot comes from.
    public init?(notifier: SystemdNotifier, figures: any DaemonSnapshotProviding) {
        guard notifier.isActive else { return nil }
        self.notifier = notifier
        self.figures = figures
    }

    public func run() async throws {
        let interval = notifier.watchdogInterval.map { $0 / 2 } ?? .seconds(15)
        var lastSamples = -1
        var lastStatus = ""
        while Task.shouldContinue {
            let snapshot = figures.snapshot()
            let sensor = snapshot.sensor
            // The sensor thread publishes its state after every batch (every few seconds at
            // most); a state that stopped changing for a whole interval while the device is up
            // means it is stuck.
            let alive = sensor.samplesProcessed != lastSamples || sensor.state != .up
            lastSamples = sensor.samplesProcessed
            var lines: [String] = []
            if notifier.watchdogInterval != nil && alive { lines.append("WATCHDOG=1") }
            let status = Self.statusLine(snapshot)
            if status != lastStatus {
                lastStatus = status
                lines.append(status)
            }
            if !lines.isEmpty { notifier.notify(lines.joined(separator: "\n")) }
            guard await Task.pause(for: interval) else { break }
        }
        notifier.notify("STOPPING=1")
    }

    /// The STATUS= line `systemctl status` shows.
    static func statusLine(_ snapshot: DaemonSnapshot) -> String {
        "STATUS=\(snapshot.steps) steps today (\(Int(snapshot.progress * 100))% of \(snapshot.goal)); device \(snapshot.sensor.state.rawValue)"
    }
}
