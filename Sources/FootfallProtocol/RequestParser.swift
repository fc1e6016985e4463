#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallGoals

/// Decodes request lines into `RequestEnvelope`s, strictly: a JSON object, a known `cmd`,
/// arguments of the right type and range.
public enum RequestParser {
    /// The commands, for error messages.
    static let commands = Request.Command.allCases.map(\.rawValue).joined(separator: ", ")

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
            throw ProtocolError(.unknownCommand, "the request has no \"cmd\" string; commands: \(commands)", id: id)
        }
        do throws(ProtocolError) {
            return RequestEnvelope(try request(command, object), id: id)
        } catch {
            var error = error
            error.id = id
            throw error
        }
    }

    static func request(_ name: String, _ object: [String: JSONValue]) throws(ProtocolError) -> Request {
        guard let command = Request.Command(rawValue: name) else {
            throw ProtocolError(.unknownCommand, "unknown command '\(name.prefix(40))'; commands: \(commands)")
        }
        switch command {
        case .status: return .status
        case .devices: return .devices
        case .version: return .version
        case .watch:
            switch object["enable"] {
            case nil: return .watch(true)
            case .bool(let enable)?: return .watch(enable)
            default: throw ProtocolError(.badArgument, "'enable' must be true or false")
            }
        case .goal:
            guard let value = object["set"] else { return .goal(set: nil) }
            let allowed = GoalHistory.allowedGoals
            guard let goal = value.integer, allowed.contains(goal) else {
                throw ProtocolError(.badArgument, "'set' must be a whole number of steps from \(allowed.lowerBound) to \(allowed.upperBound)")
            }
            return .goal(set: goal)
        case .history:
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
                let limit = Request.HistoryQuery.maximumDays
                guard let days = value.integer, days >= 1, days <= limit else {
                    throw ProtocolError(.badArgument, "'days' must be a whole number from 1 to \(limit)")
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
        }
    }

    static func optionalDay(_ object: [String: JSONValue], _ key: String) throws(ProtocolError) -> LocalDay? {
        guard let value = object[key] else { return nil }
        guard case .string(let text) = value, let day = Request.HistoryQuery.day(text) else {
            throw ProtocolError(.badArgument, "'\(key)' must be a day as \"YYYY-MM-DD\"")
        }
        return day
    }
}
