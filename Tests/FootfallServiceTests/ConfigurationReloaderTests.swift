import Foundation
import FootfallGoals
import FootfallTestSupport
import Logging
import NIOConcurrencyHelpers
import Testing
@testable import FootfallService

/// A reload puts in force what can change while running, and a file that does not parse
/// changes nothing.
struct ConfigurationReloaderTests {
    let defaults = DaemonConfiguration()

    func reloader(_ path: String, settings: LiveSettings, ledger: StepLedger, level: NIOLockedValueBox<Logger.Level>) -> ConfigurationReloader {
        ConfigurationReloader(path: path, original: defaults, ledger: ledger, settings: settings,
                              setLogLevel: { new in level.withLockedValue { $0 = new } },
                              timeZone: { .utc }, logger: quietLogger)
    }

    @Test func aGoodFileChangesTheSettingsTheLevelAndTheDayStart() throws {
        let folder = try StateFolder()
        let path = folder.path + "/footfalld.yaml"
        try "log_level: debug\nstride_m: 0.8\npalette: colorblind\nretention_days: 30\nday_start: \"04:00\"\ndevice: event3\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let settings = LiveSettings(defaults.runtimeSettings)
        let ledger = try emptyLedger()
        let level = NIOLockedValueBox(Logger.Level.info)
        let fresh = try #require(reloader(path, settings: settings, ledger: ledger, level: level).reload())
        #expect(level.withLockedValue { $0 } == .debug)
        #expect(settings.current == RuntimeSettings(stride: 0.8, approximations: false, userName: nil, palette: .colorblind,
                                                    retentionDays: 30))
        #expect(ledger.figures().boundary.startHour == 4)
        #expect(fresh.keysNeedingRestart(comparedTo: defaults) == ["device"])
    }

    @Test func aBadFileChangesNothing() throws {
        let folder = try StateFolder()
        let path = folder.path + "/footfalld.yaml"
        try "log_level: loud\nstride_m: 0.8\n".write(toFile: path, atomically: true, encoding: .utf8)
        let settings = LiveSettings(defaults.runtimeSettings)
        let level = NIOLockedValueBox(Logger.Level.info)
        #expect(reloader(path, settings: settings, ledger: try emptyLedger(), level: level).reload() == nil)
        #expect(settings.current == defaults.runtimeSettings)
        #expect(level.withLockedValue { $0 } == .info)
    }

    @Test func aMissingFileMeansTheDefaults() throws {
        let settings = LiveSettings(RuntimeSettings(stride: 0.5, approximations: true, userName: "Ada", palette: .colorblind, retentionDays: 7))
        let level = NIOLockedValueBox(Logger.Level.trace)
        #expect(reloader("/nonexistent/footfalld.yaml", settings: settings, ledger: try emptyLedger(), level: level).reload() == defaults)
        #expect(settings.current == defaults.runtimeSettings)
        #expect(level.withLockedValue { $0 } == .info)
    }
}
