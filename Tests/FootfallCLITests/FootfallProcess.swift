import Foundation
import FootfallTestSupport

/// Runs the built `footfall` executable, as a user would.
struct FootfallProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable beside the test bundle in the build folder.
    static let executable = DaemonProcess.executable("footfall")

    /// Runs `footfall` with the given arguments and waits for it.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let result = try DaemonProcess.run(executable, arguments, environment: environment)
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }
}
