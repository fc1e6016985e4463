#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything the server sends, one JSON object per line, each with its `class`.
public enum ServerMessage: Sendable, Equatable {
    case version(VersionMessage)
    case status(StatusMessage)
    case history(HistoryMessage)
    case watch(WatchMessage)
    case progress(ProgressMessage)
    case step(StepMessage)
    case milestone(MilestoneMessage)
    case goal(GoalMessage)
    case devices(DevicesMessage)
    case error(ErrorMessage)

    /// The message as one line of JSON, with its newline.
    public func encodedLine() -> [UInt8] {
        let encoder = MessageCoding.encoder()
        let data: Data
        do {
            switch self {
            case .version(let m): data = try encoder.encode(m)
            case .status(let m): data = try encoder.encode(m)
            case .history(let m): data = try encoder.encode(m)
            case .watch(let m): data = try encoder.encode(m)
            case .progress(let m): data = try encoder.encode(m)
            case .step(let m): data = try encoder.encode(m)
            case .milestone(let m): data = try encoder.encode(m)
            case .goal(let m): data = try encoder.encode(m)
            case .devices(let m): data = try encoder.encode(m)
            case .error(let m): data = try encoder.encode(m)
            }
        } catch {
            // Encoding these plain structs cannot fail; say so on the wire rather than crash.
            return Array("{\"class\":\"\(MessageClass.error.rawValue)\",\"code\":\"\(ProtocolError.Code.unavailable.rawValue)\",\"message\":\"encoding failed\"}\n".utf8)
        }
        return Array(data) + [UInt8(ascii: "\n")]
    }

    /// Decodes one line a server sent (for clients).
    /// - Throws: `DecodingError` or `ProtocolError(.badJSON)` for a line that is not a known message.
    public static func decode(line: some Collection<UInt8>) throws -> ServerMessage {
        let data = Data(line)
        let decoder = MessageCoding.decoder()
        let name = try decoder.decode(MessageHead.self, from: data).class
        guard let messageClass = MessageClass(rawValue: name) else {
            throw ProtocolError(.badJSON, "unknown message class '\(name)'")
        }
        switch messageClass {
        case .version: return .version(try decoder.decode(VersionMessage.self, from: data))
        case .status: return .status(try decoder.decode(StatusMessage.self, from: data))
        case .history: return .history(try decoder.decode(HistoryMessage.self, from: data))
        case .watch: return .watch(try decoder.decode(WatchMessage.self, from: data))
        case .progress: return .progress(try decoder.decode(ProgressMessage.self, from: data))
        case .step: return .step(try decoder.decode(StepMessage.self, from: data))
        case .milestone: return .milestone(try decoder.decode(MilestoneMessage.self, from: data))
        case .goal: return .goal(try decoder.decode(GoalMessage.self, from: data))
        case .devices: return .devices(try decoder.decode(DevicesMessage.self, from: data))
        case .error: return .error(try decoder.decode(ErrorMessage.self, from: data))
        }
    }
}

/// The member every server message has, read first to know which message it is: as text, so
/// a class this version does not know is named in the error.
struct MessageHead: Decodable {
    var `class`: String
}
