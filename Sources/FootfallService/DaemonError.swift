import SystemPackage

/// Why footfalld cannot start or go on; each message says what to do.
public enum DaemonError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another daemon answers on the socket path.
    case socketInUse(String)
    /// The state directory cannot be used.
    case stateDirectory(path: String, reason: String)
    /// A command-line value is wrong.
    case badOption(String)
    /// The kernel gave no descriptor for `purpose` (a pipe, an eventfd): the process has too many open.
    case outOfDescriptors(purpose: String, Errno)

    public var description: String {
        switch self {
        case .socketInUse(let path):
            return "Another footfalld is already serving \(path). Stop it first (systemctl --user stop footfalld), or give this one its own --socket."
        case .stateDirectory(let path, let reason):
            return "Cannot use the state directory \(path): \(reason). Give another with --state-dir, or fix its ownership (it must belong to the user footfalld runs as)."
        case .badOption(let message):
            return message
        case .outOfDescriptors(let purpose, let error):
            return "Cannot create \(purpose): \(error). Raise the limit on open files (systemd's LimitNOFILE=, ulimit -n)."
        }
    }
}
