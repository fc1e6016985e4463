/// The answer to `watch`.
public struct WatchMessage: Codable, Sendable, Equatable {
    public var `class` = MessageClass.watch
    public var id: RequestID?
    public var enable: Bool

    public init(enable: Bool, id: RequestID? = nil) {
        self.enable = enable
        self.id = id
    }
}
