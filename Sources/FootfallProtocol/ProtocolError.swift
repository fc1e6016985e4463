/// Why a request line was refused; each becomes an ERROR reply with a `code`.
public struct ProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable code clients can switch on.
    public enum Code: String, Sendable, Codable {
        case badJSON = "bad-json"
        case unknownCommand = "unknown-command"
        case badArgument = "bad-argument"
        case tooLong = "too-long"
        case notPermitted = "not-permitted"
        case unavailable = "unavailable"
    }

    /// The code.
    public var code: Code
    /// A sentence saying what was wrong and what would be right.
    public var message: String
    /// The request's id, when it could be read.
    public var id: RequestID?

    /// Creates an error.
    public init(_ code: Code, _ message: String, id: RequestID? = nil) {
        self.code = code
        self.message = message
        self.id = id
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
