import FootfallGoals

/// A range of history, in reply to `history`.
public struct HistoryMessage: Codable, Sendable, Equatable {
    public var `class` = MessageClass.history
    public var id: RequestID?
    public var granularity: Request.Granularity
    public var from: LocalDay
    public var to: LocalDay
    /// Days, oldest first (granularity "day").
    public var days: [DayTotal]?
    /// Minutes with steps, oldest first (granularity "minute").
    public var minutes: [HistoryMinute]?

    public init(granularity: Request.Granularity, from: LocalDay, to: LocalDay, days: [DayTotal]? = nil, minutes: [HistoryMinute]? = nil) {
        self.granularity = granularity
        self.from = from
        self.to = to
        self.days = days
        self.minutes = minutes
    }
}
