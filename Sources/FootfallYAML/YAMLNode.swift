/// A node of a YAML document as libyaml composes it for the configuration file: a scalar with
/// its text and style, a mapping's pairs in file order, or a sequence; each with the 1-based
/// line it starts on. Tags are kept only as far as reading a value needs them.
public indirect enum YAMLNode: Equatable, Sendable {
    /// A scalar: its text, whether it was written plain (unquoted, not a block), and its line.
    case scalar(String, plain: Bool, line: Int)
    /// A mapping's key-value pairs, in the order of the file.
    case mapping([Pair], line: Int)
    /// A sequence's items.
    case sequence([YAMLNode], line: Int)

    /// One key and its value.
    public struct Pair: Equatable, Sendable {
        /// The key (a scalar in the configuration; YAML allows any node).
        public let key: YAMLNode
        /// Its value.
        public let value: YAMLNode

        /// A pair.
        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    /// The line the node starts on (1-based).
    public var line: Int {
        switch self {
        case .scalar(_, _, let line), .mapping(_, let line), .sequence(_, let line): return line
        }
    }

    /// The scalar's text; nil for a mapping or a sequence.
    public var string: String? {
        guard case .scalar(let text, _, _) = self else { return nil }
        return text
    }

    /// Whether two nodes say the same thing, wherever they are: the same scalar text (quoted
    /// or not: `goal` and `"goal"` are one key), or collections of such nodes.
    public func hasSameContent(as other: YAMLNode) -> Bool {
        switch (self, other) {
        case let (.scalar(a, _, _), .scalar(b, _, _)):
            return a == b
        case let (.sequence(a, _), .sequence(b, _)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.hasSameContent(as: $1) }
        case let (.mapping(a, _), .mapping(b, _)):
            return a.count == b.count
                && zip(a, b).allSatisfy { $0.key.hasSameContent(as: $1.key) && $0.value.hasSameContent(as: $1.value) }
        default:
            return false
        }
    }

    /// Whether the node is YAML's null: a plain scalar `~`, `null`, `Null`, `NULL` or nothing at
    /// all (`key:`). A quoted `'null'` or `''` is text.
    public var isNull: Bool {
        guard case .scalar(let text, plain: true, _) = self else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(text)
    }
}
