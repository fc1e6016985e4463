import CFootfallYAML

/// Composes the first document of a YAML text into a ``YAMLNode`` tree with libyaml's event
/// parser: anchors are resolved, a second document, an undefined alias and a key set twice in
/// one mapping are errors. Every libyaml call of the package is in this type.
public final class YAMLComposer {
    /// Why a text is not the YAML the composer reads.
    public enum Failure: Error, Equatable, Sendable {
        /// libyaml's problem, and its 1-based line when it has one (a byte that YAML does not
        /// allow has none).
        case syntax(problem: String, line: Int?)
        /// A mapping has `key` twice; `line` is where the second one is.
        case duplicateKey(YAMLNode, line: Int)
    }

    private var parser = yaml_parser_t()
    private var anchors: [String: YAMLNode] = [:]
    /// The text's UTF-8 bytes, which libyaml reads in place while the composer lives.
    private let bytes: UnsafeMutableBufferPointer<UInt8>

    /// Composes `text`'s first and only document.
    /// - Returns: the root node, or nil for a text without a document (empty, or only comments).
    /// - Throws: ``Failure``.
    public static func compose(_ text: String) throws(Failure) -> YAMLNode? {
        try YAMLComposer(text).singleRoot()
    }

    private init(_ text: String) {
        bytes = .allocate(capacity: text.utf8.count)
        _ = bytes.initialize(from: text.utf8)
        yaml_parser_initialize(&parser)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(&parser)
        bytes.deallocate()
    }

    private func singleRoot() throws(Failure) -> YAMLNode? {
        _ = try next()  // the stream's start
        let first = try next()
        guard first.type != YAML_STREAM_END_EVENT else { return nil }
        let root = try node(from: try next())  // after the document's start
        _ = try next()  // the document's end
        let after = try next()
        guard after.type == YAML_STREAM_END_EVENT else {
            throw Failure.syntax(problem: "but found another document", line: after.line)
        }
        return root
    }

    /// The next event, copied out of libyaml's (which is freed at once).
    private func next() throws(Failure) -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else { throw failure() }
        defer { yaml_event_delete(&event) }
        return Event(event)
    }

    private func node(from event: Event) throws(Failure) -> YAMLNode {
        let node: YAMLNode
        switch event.type {
        case YAML_ALIAS_EVENT:
            guard let anchor = event.anchor, let target = anchors[anchor] else {
                throw Failure.syntax(problem: "found undefined alias", line: event.line)
            }
            return target
        case YAML_SCALAR_EVENT:
            node = .scalar(event.value, plain: event.isPlain, line: event.line)
        case YAML_SEQUENCE_START_EVENT:
            var items: [YAMLNode] = []
            var item = try next()
            while item.type != YAML_SEQUENCE_END_EVENT {
                items.append(try self.node(from: item))
                item = try next()
            }
            node = .sequence(items, line: event.line)
        case YAML_MAPPING_START_EVENT:
            var pairs: [YAMLNode.Pair] = []
            var key = try next()
            while key.type != YAML_MAPPING_END_EVENT {
                let keyNode = try self.node(from: key)
                pairs.append(YAMLNode.Pair(key: keyNode, value: try self.node(from: try next())))
                key = try next()
            }
            // Checked when the mapping ends, before anything after it is parsed: a key set
            // twice is the first thing said of a text that has one.
            for (index, pair) in pairs.enumerated() where pairs[..<index].contains(where: { $0.key.hasSameContent(as: pair.key) }) {
                throw Failure.duplicateKey(pair.key, line: pair.key.line)
            }
            node = .mapping(pairs, line: event.line)
        default:
            // libyaml's grammar puts only these four where a node goes.
            throw Failure.syntax(problem: "did not find expected node content", line: event.line)
        }
        if let anchor = event.anchor { anchors[anchor] = node }
        return node
    }

    /// libyaml's error: reader errors (bytes that are not allowed) carry no line.
    private func failure() -> Failure {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        switch parser.error {
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
            return .syntax(problem: problem, line: Int(parser.problem_mark.line) + 1)
        default:
            return .syntax(problem: problem, line: nil)
        }
    }

    /// What the composer needs of one libyaml event.
    private struct Event {
        let type: yaml_event_type_t
        let line: Int
        let anchor: String?
        let value: String
        let isPlain: Bool

        init(_ event: yaml_event_t) {
            type = event.type
            line = Int(event.start_mark.line) + 1
            var anchor: UnsafeMutablePointer<yaml_char_t>?
            var value = ""
            var isPlain = false
            switch event.type {
            case YAML_ALIAS_EVENT:
                anchor = event.data.alias.anchor
            case YAML_SCALAR_EVENT:
                anchor = event.data.scalar.anchor
                // A scalar may hold NUL characters: its length, not a C string. A byte-order mark
                // at its start is dropped, as the parser footfalld used before dropped it.
                value = String(decoding: UnsafeBufferPointer(start: event.data.scalar.value, count: event.data.scalar.length),
                               as: UTF8.self)
                if value.hasPrefix("\u{FEFF}") { value.removeFirst() }
                isPlain = event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE
            case YAML_SEQUENCE_START_EVENT:
                anchor = event.data.sequence_start.anchor
            case YAML_MAPPING_START_EVENT:
                anchor = event.data.mapping_start.anchor
            default:
                break
            }
            self.anchor = anchor.map { String(cString: $0) }
            self.value = value
            self.isPlain = isPlain
        }
    }
}
