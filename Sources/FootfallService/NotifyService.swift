import ServiceLifecycle

/// Keeps systemd informed: STATUS= a line of today's figures every few seconds and WATCHDOG=1
/// at half the watchdog interval, but only while the sensor thread is alive (a hung thread
/// stops the pings and systemd restarts the daemon). STOPPING=1 on shutdown.
public struct NotifyService: Service, CustomStringConvertible {
    public var description: String { "NotifyService" }
    let notifier: SystemdNotifier
    let figures: any DaemonSnapshotProviding

    /// Creates the service.
    /// - Parameter figures: where the daemon's snapshot comes from.
    public init(notifier: SystemdNotifier, figures: any DaemonSnapshotProviding) {
        self.notifier = notifier
        self.figures = figures
    }

    public func run() async throws {
        guard notifier.isActive else {
            // Nothing to tell, but a service that returns early would stop the whole group.
            try? await gracefulShutdown()
            return
        }
        let ping = notifier.watchdogInterval.map { $0 / 2 } ?? .seconds(5)
        var lastSamples = -1
        var lastStatus = ContinuousClock.now - .seconds(60)
        while Task.shouldContinue {
            let snapshot = figures.snapshot()
            let sensor = snapshot.sensor
            // The sensor thread publishes its state after every read; a state that stopped
            // changing for a whole interval while the device is up means it is stuck.
            let alive = sensor.samplesProcessed != lastSamples || sensor.state != .up
            lastSamples = sensor.samplesProcessed
            if notifier.watchdogInterval != nil && alive { notifier.notify("WATCHDOG=1") }
            if ContinuousClock.now - lastStatus >= .seconds(5) {
                lastStatus = .now
                notifier.notify(Self.statusLine(snapshot))
            }
            guard await Task.pause(for: min(ping, .seconds(5))) else { break }
        }
        notifier.notify("STOPPING=1")
    }

    /// The STATUS= line `systemctl status` shows.
    static func statusLine(_ snapshot: DaemonSnapshot) -> String {
        "STATUS=\(snapshot.steps) steps today (\(Int(snapshot.progress * 100))% of \(snapshot.goal)); device \(snapshot.sensor.state.rawValue)"
    }
}
