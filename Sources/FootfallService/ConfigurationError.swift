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

