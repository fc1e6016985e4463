import ArgumentParser

/// The daemon could not be asked for today's figures; commands exit with status 69
/// (EX_UNAVAILABLE, "service unavailable").
struct DaemonUnreachable: Error, CustomStringConvertible {
    /// The exit status for this error.
    static let exitCode = ExitCode(69)

    /// What failed and the two ways out.
    var description: String {
        "cannot reach the footfall daemon to read today's steps; give --steps and --goal, or start footfalld"
    }
}
