/// LocalDay is stored and sent as the text "YYYY-MM-DD", so stored days read well and sort as text.
extension LocalDay: Codable {
    /// Reads the text form YYYY-MM-DD.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Writes the text form YYYY-MM-DD.
    /// - Throws: `EncodingError.invalidValue` for a day moved by `adding(days:)` outside the years 1...9999.
    public func encode(to encoder: any Encoder) throws {
        guard (1...9999).contains(year) else {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath, debugDescription: "only years 1 to 9999 can be written as YYYY-MM-DD"))
        }
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
