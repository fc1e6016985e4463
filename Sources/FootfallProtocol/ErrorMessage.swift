/// A refused request.
public struct ErrorMessage: Codable, Sendable, Equatable {
    public var `class` = MessageClass.error
    public var id: RequestID?
    public var code: ProtocolError.Code
    public var message: String

    public init(_ error: ProtocolError) {
        id = error.id
        code = error.code
        message = error.message
    }
}
