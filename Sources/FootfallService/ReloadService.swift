import ServiceLifecycle
import UnixSignals

/// Reloads the configuration on SIGHUP (`systemctl reload footfalld`), until shutdown.
///
/// The signal is trapped when the service is created, before the group runs, so a SIGHUP that
/// arrives as soon as systemd hears READY is a reload and never the default action (which would
/// end the process).
public struct ReloadService: Service, CustomStringConvertible {
    public var description: String { "ReloadService" }
    let hangUps: UnixSignalsSequence
    let reloader: ConfigurationReloader

    /// Traps SIGHUP and creates the service.
    public init(reloader: ConfigurationReloader) async {
        hangUps = await UnixSignalsSequence(trapping: .sighup)
        self.reloader = reloader
    }

    public func run() async throws {
        for await _ in hangUps.cancelOnGracefulShutdown() {
            reloader.reload()
        }
    }
}
