/// A mount matrix is written as its kernel text form ("1, 0, 0; 0, 1, 0; 0, 0, 1"), as
/// `footfall devices --json` shows it.
extension MountMatrix: Codable {
    /// Reads the kernel text form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Writes the kernel text form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
