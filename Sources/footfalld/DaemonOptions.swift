import FootfallDBus
import FootfallInput
import FootfallService
import Logging

/// Everything footfalld was told at start.
struct DaemonOptions {
    var configuration: DaemonConfiguration
    var configurationPath: String
    var paths: DaemonPaths
    var stateDirectory: String
    var socket: String
    var device: DeviceSelector
    var replay: String?
    var speed: Double
    var loop: Bool
    var metricsFile: String?
    /// The report latency: --report-latency, else the configuration's.
    var reportLatency: Duration
    var logLevel: Logger.Level
    var clock: DaemonClock
    /// Which bus to be on: the system bus with --system, else the user's session bus.
    var bus: BusKind
}
