import Yams

/// Why a configuration file was refused.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The 1-based line, when known.
    public var line: Int?
    /// What is wrong and what would be right.
    public var message: String

    public var description: String {
        "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}

/// Where and what libyaml reported, for a `ConfigurationError`.
extension YamlError {
    var line: Int? {
        switch self {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        default: return nil
        }
    }

    var briefDescription: String {
        switch self {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _):
            return "not valid YAML: \(problem)"
        default:
            return "not valid YAML"
        }
    }
}
