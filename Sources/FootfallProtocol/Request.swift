/// A client's request: one JSON object per line, with a `"cmd"` member saying what it asks.
/// An optional `"id"` (string or number) is echoed in the reply so clients can match them.
public enum Request: Sendable, Equatable {
    /// Today's figures.
    case status
    /// Past days, or minutes, in a range.
    case history(HistoryQuery)
    /// Start (`true`) or stop (`false`) streaming PROGRESS, STEP and MILESTONE events.
    case watch(Bool)
    /// Read the goal (`nil`) or set it (the daemon's user or root only; `GoalHistory.allowedGoals`).
    case goal(set: Int?)
    /// The accelerometers the daemon can see and the one it reads.
    case devices
    /// The server's VERSION again.
    case version

    /// The grain of a history.
    public enum Granularity: String, Sendable, Codable {
        case day, minute
    }

    /// A request's `cmd` on the wire: each command's name, written here only, in the order
    /// error messages list them.
    public enum Command: String, Sendable, CaseIterable {
        case status, history, watch, goal, devices, version
    }

    /// The request's command.
    public var command: Command {
        switch self {
        case .status: return .status
        case .history: return .history
        case .watch: return .watch
        case .goal: return .goal
        case .devices: return .devices
        case .version: return .version
        }
    }
}

/// A request as it arrives: the decoded command, and the id to echo.
public struct RequestEnvelope: Sendable, Equatable {
    /// What is asked.
    public var request: Request
    /// The client's id for it, echoed in the reply.
    public var id: RequestID?

    /// Creates an envelope.
    public init(_ request: Request, id: RequestID? = nil) {
        self.request = request
        self.id = id
    }
}

/// A client's request id: a string or a number, echoed as given.
public enum RequestID: Sendable, Equatable, Codable {
    case string(String)
    case number(Double)

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .number(let value): try container.encode(value)
        }
    }
}
