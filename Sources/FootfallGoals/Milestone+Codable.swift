/// Milestones are stored as their short labels ("half", "1x", "2x", ...).
extension Milestone: Codable {
    /// Reads a label such as "half" or "3x": the form the store and the socket use.
    /// - Returns: nil when the text is not a milestone label.
    public init?(label text: String) {
        if text == "half" {
            self = .half
        } else if text.hasSuffix("x"), let n = Int(text.dropLast()), n >= 1 {
            self = .multiple(n)
        } else {
            return nil
        }
    }

    /// Reads a label such as "half" or "3x".
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let milestone = Milestone(label: text) else {
            throw DecodingError.dataCorruptedError(in: container,
                                                   debugDescription: "'\(text)' is not a milestone; expected 'half' or a multiple such as '1x'")
        }
        self = milestone
    }

    /// Writes the label.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
