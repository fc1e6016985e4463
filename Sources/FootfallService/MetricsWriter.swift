#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes the daemon's figures as a Prometheus text file for node_exporter's textfile
/// collector, atomically (a temporary file in the same folder, then a rename: the collector
/// never reads half a file).
public struct MetricsWriter: Sendable {
    /// The file to write.
    public let path: String

    /// A writer for `path`.
    public init(path: String) {
        self.path = path
    }

    /// The figures in Prometheus' text exposition format.
    /// - Parameters:
    ///   - snapshot: the daemon's figures.
    ///   - watchers: clients watching live now.
    public static func text(_ snapshot: DaemonSnapshot, watchers: Int) -> String {
        func metric(_ name: String, _ type: String, _ help: String, _ value: String) -> String {
            "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        let sensor = snapshot.sensor
        return metric("footfall_steps_today", "gauge", "Steps counted today (local day).", String(snapshot.steps))
            + metric("footfall_steps_total", "counter", "Steps counted since the store was created.", String(snapshot.lifetimeSteps))
            + metric("footfall_cadence_steps_per_minute", "gauge", "Current cadence; 0 when not walking.", String(snapshot.cadence))
            + metric("footfall_goal_progress_ratio", "gauge", "Today's steps divided by today's goal (uncapped).", String(snapshot.progress))
            + metric("footfall_goal_steps", "gauge", "Today's step goal.", String(snapshot.goal))
            + metric("footfall_device_up", "gauge", "1 when the accelerometer is delivering samples.", sensor.state == .up ? "1" : "0")
            + metric("footfall_samples_processed_total", "counter", "Accelerometer samples processed since start.", String(sensor.samplesProcessed))
            + metric("footfall_device_losses_total", "counter", "Times the accelerometer went away since start.", String(sensor.losses))
            + metric("footfall_watchers", "gauge", "Clients watching live.", String(watchers))
    }

    /// Writes the figures to `path`, replacing the file in one rename.
    /// - Throws: what writing the temporary file or renaming it throws.
    public func write(_ snapshot: DaemonSnapshot, watchers: Int) throws {
        try Data(Self.text(snapshot, watchers: watchers).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
