#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallGoals
import Logging

/// What a configuration reload (SIGHUP) does: reads the file again and puts in force what can
/// change while running (the log level, the settings, the day start); a file that does not
/// parse changes nothing. The log says which changed keys wait for a restart.
public struct ConfigurationReloader: Sendable {
    /// The configuration file; a missing file means the defaults.
    let path: String
    /// The configuration the daemon started with.
    let original: DaemonConfiguration
    let ledger: StepLedger
    let settings: LiveSettings
    let setLogLevel: @Sendable (Logger.Level) -> Void
    let timeZone: @Sendable () -> WallClockZone
    let logger: Logger

    /// Creates a reloader.
    /// - Parameters:
    ///   - path: the configuration file.
    ///   - original: the configuration the daemon started with.
    ///   - ledger: takes a new day start.
    ///   - settings: takes the new runtime settings.
    ///   - setLogLevel: puts a new log level in force.
    ///   - timeZone: the system's time zone now.
    ///   - logger: where the reload is reported.
    public init(path: String, original: DaemonConfiguration, ledger: StepLedger, settings: LiveSettings,
                setLogLevel: @escaping @Sendable (Logger.Level) -> Void,
                timeZone: @escaping @Sendable () -> WallClockZone = { SystemTimeZone.current() }, logger: Logger) {
        self.path = path
        self.original = original
        self.ledger = ledger
        self.settings = settings
        self.setLogLevel = setLogLevel
        self.timeZone = timeZone
        self.logger = logger
    }

    /// Reads the file and applies it.
    /// - Returns: the configuration now in force, or nil when the file was refused.
    @discardableResult
    public func reload() -> DaemonConfiguration? {
        do {
            let fresh = FileManager.default.fileExists(atPath: path) ? try DaemonConfiguration.load(path: path) : DaemonConfiguration()
            let boundary = try fresh.dayBoundary(in: timeZone())
            setLogLevel(fresh.logLevel)
            settings.update(fresh.runtimeSettings)
            ledger.setBoundary(boundary)
            let waiting = fresh.keysNeedingRestart(comparedTo: original)
            logger.notice("configuration reloaded", metadata: [
                "config.path": "\(path)",
                "config.restart_needed_for": "\(waiting.isEmpty ? "nothing" : waiting.joined(separator: ","))",
            ])
            return fresh
        } catch {
            logger.error("configuration not reloaded; keeping the one in force", metadata: ["error": "\(error)"])
            return nil
        }
    }
}
