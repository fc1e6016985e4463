import Foundation

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

/// Decodes request lines into `RequestEnvelope`s, strictly: a JSON object, a known `cmd`,
/// arguments of the right type and range.
public enum RequestParser {
    /// The commands, for error messages.
    public static let commands = ["status", "history", "watch", "goal", "devices", "version"]

    /// Parses one line (without its newline).
    /// - Throws: `ProtocolError` describing what is wrong.
    public static func parse(_ line: some Collection<UInt8>) throws(ProtocolError) -> RequestEnvelope {
        let object: [String: JSONValue]
        do {
            guard case .object(let parsed) = try JSONDecoder().decode(JSONValue.self, from: Data(line)) else {
                throw ProtocolError(.badJSON, "a request is a JSON object such as {\"cmd\":\"status\"}")
            }
            object = parsed
        } catch let error as ProtocolError {
            throw error
        } catch {
            throw ProtocolError(.badJSON, "the line is not valid JSON; a request is a JSON object such as {\"cmd\":\"status\"}")
        }
        let id: RequestID?
        switch object["id"] {
        case nil, .null?: id = nil
        case .string(let text)?: id = .string(text)
        case .number(let value)?: id = .number(value)
        default: throw ProtocolError(.badArgument, "'id' must be a string or a number")
        }
        guard case .string(let command)? = object["cmd"] else {
            throw ProtocolError(.unknownCommand, "the request has no \"cmd\" string; commands: \(commands.joined(separator: ", "))", id: id)
        }
        do throws(ProtocolError) {
            return RequestEnvelope(try request(command, object), id: id)
        } catch {
            var error = error
            error.id = id
            throw error
        }
    }

    static func request(_ command: String, _ object: [String: JSONValue]) throws(ProtocolError) -> Request {
        switch command {
        case "status": return .status
        case "devices": return .devices
        case "version": return .version
        case "watch":
            switch object["enable"] {
            case nil: return .watch(true)
            case .bool(let enable)?: return .watch(enable)
            default: throw ProtocolError(.badArgument, "'enable' must be true or false")
            }
        case "goal":
            guard let value = object["set"] else { return .goal(set: nil) }
            guard let goal = value.integer, goal >= 1, goal <= 1_000_000 else {
                throw ProtocolError(.badArgument, "'set' must be a whole number of steps from 1 to 1000000")
            }
            return .goal(set: goal)
        case "history":
            var query = Request.HistoryQuery()
            if let value = object["granularity"] {
                guard case .string(let name) = value, let granularity = Request.Granularity(rawValue: name) else {
                    throw ProtocolError(.badArgument, "'granularity' must be \"day\" or \"minute\"")
                }
                query.granularity = granularity
            }
            query.from = try optionalDay(object, "from")
            query.to = try optionalDay(object, "to")
            if let value = object["days"] {
                guard let days = value.integer, days >= 1, days <= 36_600 else {
                    throw ProtocolError(.badArgument, "'days' must be a whole number from 1 to 36600")
                }
                query.days = days
            }
            if query.from != nil && query.days != nil {
                throw ProtocolError(.badArgument, "give either 'from' or 'days', not both")
            }
            if let from = query.from, let to = query.to, from > to {
                throw ProtocolError(.badArgument, "'from' (\(from)) is after 'to' (\(to))")
            }
            return .history(query)
        default:
            throw ProtocolError(.unknownCommand, "unknown command '\(command.prefix(40))'; commands: \(commands.joined(separator: ", "))")
        }
    }

    static func optionalDay(_ object: [String: JSONValue], _ key: String) throws(ProtocolError) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let text) = value, isDay(text) else {
            throw ProtocolError(.badArgument, "'\(key)' must be a day as \"YYYY-MM-DD\"")
        }
        return text
    }

    /// Whether `text` is a plausible "YYYY-MM-DD".
    public static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return false }
        return year >= 1970 && year <= 9999 && (1...12).contains(month) && (1...31).contains(day)
    }
}
