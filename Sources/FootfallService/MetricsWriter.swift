import Foundation

/// The figures `--metrics-file` exports for node_exporter's textfile collector.
public struct MetricsSnapshot: Sendable, Equatable {
    public var stepsToday: Int
    public var stepsTotal: Int
    public var cadence: Double
    public var goalProgress: Double
    public var goal: Int
    public var deviceUp: Bool
    public var samplesProcessed: Int
    public var deviceLosses: Int
    public var watchers: Int

    public init(stepsToday: Int, stepsTotal: Int, cadence: Double, goalProgress: Double, goal: Int, deviceUp: Bool,
                samplesProcessed: Int, deviceLosses: Int, watchers: Int) {
        self.stepsToday = stepsToday
        self.stepsTotal = stepsTotal
        self.cadence = cadence
        self.goalProgress = goalProgress
        self.goal = goal
        self.deviceUp = deviceUp
        self.samplesProcessed = samplesProcessed
        self.deviceLosses = deviceLosses
        self.watchers = watchers
    }

    /// Prometheus text exposition format.
    public var text: String {
        func metric(_ name: String, _ type: String, _ help: String, _ value: String) -> String {
            "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        return metric("footfall_steps_today", "gauge", "Steps counted today (local day).", String(stepsToday))
            + metric("footfall_steps_total", "counter", "Steps counted since the store was created.", String(stepsTotal))
            + metric("footfall_cadence_steps_per_minute", "gauge", "Current cadence; 0 when not walking.", String(cadence))
            + metric("footfall_goal_progress_ratio", "gauge", "Today's steps divided by today's goal (uncapped).", String(goalProgress))
            + metric("footfall_goal_steps", "gauge", "Today's step goal.", String(goal))
            + metric("footfall_device_up", "gauge", "1 when the accelerometer is delivering samples.", deviceUp ? "1" : "0")
            + metric("footfall_samples_processed_total", "counter", "Accelerometer samples processed since start.", String(samplesProcessed))
            + metric("footfall_device_losses_total", "counter", "Times the accelerometer went away since start.", String(deviceLosses))
            + metric("footfall_watchers", "gauge", "Clients watching live.", String(watchers))
    }

    /// Writes the text to `path` atomically: a temporary file in the same folder, then rename,
    /// so the collector never reads half a file.
    public func write(to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        try Data(text.utf8).write(to: temporary)
        if rename(temporary.path, path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)])
        }
    }
}
