#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where footfalld keeps its state, listens, and reads its configuration.
///
/// Under systemd, `StateDirectory=` and `RuntimeDirectory=` export `$STATE_DIRECTORY` and
/// `$RUNTIME_DIRECTORY`, which win. Otherwise, a user daemon follows the XDG base directories
/// (`$XDG_STATE_HOME/footfall`, `$XDG_RUNTIME_DIR/footfall.sock`,
/// `$XDG_CONFIG_HOME/footfall/footfalld.yaml`) and the system one (`--system`) uses
/// `/var/lib/footfall`, `/run/footfall/footfall.sock` and `/etc/footfall/footfalld.yaml`.
struct DaemonPaths {
    var stateDirectory: String
    var socket: String
    var configuration: String

    init(system: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"] ?? Self.homeOfThisUser()
        func firstDirectory(_ variable: String) -> String? {
            environment[variable].flatMap { $0.split(separator: ":").first.map(String.init) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        if let state = firstDirectory("STATE_DIRECTORY") {
            stateDirectory = state
        } else if system {
            stateDirectory = "/var/lib/footfall"
        } else {
            stateDirectory = (firstDirectory("XDG_STATE_HOME") ?? home + "/.local/state") + "/footfall"
        }
        if let runtime = firstDirectory("RUNTIME_DIRECTORY") {
            socket = runtime + "/footfall.sock"
        } else if system {
            socket = "/run/footfall/footfall.sock"
        } else if let runtime = firstDirectory("XDG_RUNTIME_DIR") {
            socket = runtime + "/footfall.sock"
        } else {
            socket = stateDirectory + "/footfall.sock"
        }
        if let configurationDirectory = firstDirectory("CONFIGURATION_DIRECTORY") {
            configuration = configurationDirectory + "/footfalld.yaml"
        } else if system {
            configuration = "/etc/footfall/footfalld.yaml"
        } else {
            configuration = (firstDirectory("XDG_CONFIG_HOME") ?? home + "/.config") + "/footfall/footfalld.yaml"
        }
    }

    /// The home folder the user database gives this process's user (for a service without $HOME).
    static func homeOfThisUser() -> String {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }
}
