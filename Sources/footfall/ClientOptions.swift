import ArgumentParser
import Foundation
import FootfallClient
import FootfallProtocol

/// The daemon's socket, for the commands that ask footfalld.
struct ClientOptions: ParsableArguments {
    @Option(help: ArgumentHelp("footfalld's socket (default: $FOOTFALL_SOCKET, else $XDG_RUNTIME_DIR/footfall.sock, else /run/footfall/footfall.sock).",
                               valueName: "path"))
    var socket: String?

    /// The socket path to use.
    var path: String { SocketLocation.resolve(socket) }

    /// Opens a session with the daemon and runs `body`; when the daemon cannot be reached,
    /// prints the one-line hint and exits with status 69 (EX_UNAVAILABLE).
    func withSession<Result: Sendable>(_ body: (inout DaemonClient.Session) async throws -> Result) async throws -> Result {
        do {
            return try await DaemonClient.withConnection(to: path, body)
        } catch let error as ClientError {
            FileHandle.standardError.write(Data("footfall: \(error)\n".utf8))
            switch error {
            case .daemonNotRunning, .permissionDenied, .connectionClosed: throw ExitCode(69)
            case .refused(let code, _): throw ExitCode(code == .badArgument ? 64 : 1)
            case .badReply: throw ExitCode.failure
            }
        }
    }
}
