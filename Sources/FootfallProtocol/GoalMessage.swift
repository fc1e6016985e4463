/// The goal, in reply to `goal`.
public struct GoalMessage: Codable, Sendable, Equatable {
    public var `class` = MessageClass.goal
    public var id: RequestID?
    public var goal: Int
    /// When this goal took effect, Unix seconds (nil for the default).
    public var since: Double?

    public init(goal: Int, since: Double?, id: RequestID? = nil) {
        self.goal = goal
        self.since = since
        self.id = id
    }
}
