/// What a recording's times say about the calendar: dates on a wall clock, or only how far
/// they are from some start. Footfall's own traces count from their first sample and many
/// exports count elapsed seconds: `footfall count --days` numbers such a recording's days
/// instead of dating them from 1970-01-01.
public enum RecordingClock: Sendable, Equatable {
    /// Seconds since 1970 on a calendar clock (a device's local clock, or Unix time): its days
    /// are dates.
    case wallClock
    /// Seconds from the recording's own zero: its days are 24-hour spans of that clock, numbered.
    case elapsed

    /// The earliest time a wall clock is taken to read, seconds since 1970: 2000-01-01. No
    /// recording Footfall reads was made before, and no elapsed clock runs for thirty years; a
    /// board whose clock was never set reads 1970, which dates nothing either.
    public static let earliestWallClockTime: Double = 946_684_800

    /// The clock of a recording whose first sample is at `firstTime`.
    public init(firstTime: Double) {
        self = firstTime >= Self.earliestWallClockTime ? .wallClock : .elapsed
    }
}
