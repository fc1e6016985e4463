import Foundation
import ServiceLifecycle

/// Keeps systemd informed: STATUS= a line of today's figures every few seconds and WATCHDOG=1
/// at half the watchdog interval, but only while the sensor thread is alive (a hung thread
/// stops the pings and systemd restarts the daemon). STOPPING=1 on shutdown.
public struct NotifyService: Service, CustomStringConvertible {
    public var description: String { "NotifyService" }
    let notifier: SystemdNotifier
    let core: DaemonCore

    /// Creates the service.
    public init(notifier: SystemdNotifier, core: DaemonCore) {
        self.notifier = notifier
        self.core = core
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
            let status = core.status()
            // The sensor thread publishes its state after every read; a state that stopped
            // changing for a whole interval while the device is up means it is stuck.
            let alive = status.samplesProcessed != lastSamples || status.source.state != "up"
            lastSamples = status.samplesProcessed
            if notifier.watchdogInterval != nil && alive { notifier.notify("WATCHDOG=1") }
            if ContinuousClock.now - lastStatus >= .seconds(5) {
                lastStatus = .now
                notifier.notify("STATUS=\(status.steps) steps today (\(Int(status.progress * 100))% of \(status.goal)); device \(status.source.state)")
            }
            guard await Task.pause(for: min(ping, .seconds(5))) else { break }
        }
        notifier.notify("STOPPING=1")
    }
}
