/// Progress while watching, at most once per batch: today's figures (`message.steps` reads
/// `message.figures.steps`).
@dynamicMemberLookup
public struct ProgressMessage: Codable, Sendable, Equatable {
    public var `class` = MessageClass.progress
    /// Today's figures, written flat beside `class`.
    public var figures: ProgressFigures

    /// Creates the message.
    public init(_ figures: ProgressFigures) {
        self.figures = figures
    }

    /// One of the figures, by its name.
    public subscript<Value>(dynamicMember figure: WritableKeyPath<ProgressFigures, Value>) -> Value {
        get { figures[keyPath: figure] }
        set { figures[keyPath: figure] = newValue }
    }

    private enum CodingKeys: String, CodingKey {
        case `class`
    }

    public init(from decoder: any Decoder) throws {
        figures = try ProgressFigures(from: decoder)
        `class` = try decoder.container(keyedBy: CodingKeys.self).decode(MessageClass.self, forKey: .class)
    }

    public func encode(to encoder: any Encoder) throws {
        try figures.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(`class`, forKey: .class)
    }
}
