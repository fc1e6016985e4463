#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Request {
    /// The request as one JSON line, with its newline, as a client sends it.
    public func encodedLine(id: RequestID? = nil) -> [UInt8] {
        var object: [String: JSONValue] = ["cmd": .string(command.rawValue)]
        switch self {
        case .status, .devices, .version:
            break
        case .watch(let enable):
            object["enable"] = .bool(enable)
        case .goal(let set):
            if let set { object["set"] = .number(Double(set)) }
        case .history(let query):
            object["granularity"] = .string(query.granularity.rawValue)
            if let from = query.from { object["from"] = .string(from.description) }
            if let to = query.to { object["to"] = .string(to.description) }
            if let days = query.days { object["days"] = .number(Double(days)) }
        }
        if let id {
            switch id {
            case .string(let text): object["id"] = .string(text)
            case .number(let value): object["id"] = .number(value)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(JSONValue.object(object))) ?? Data("{\"cmd\":\"\(command.rawValue)\"}".utf8)
        return Array(data) + [UInt8(ascii: "\n")]
    }
}
