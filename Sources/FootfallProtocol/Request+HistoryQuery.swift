import FootfallGoals

extension Request {
    /// What `history` asks for, and the one place its rules live: which days a history may name,
    /// how far it may reach, and which range a query means on a given day.
    public struct HistoryQuery: Sendable, Equatable {
        /// Days or minutes.
        public var granularity: Granularity
        /// The first day (inclusive), or nil for `days` before the last.
        public var from: LocalDay?
        /// The last day (inclusive), or nil for today.
        public var to: LocalDay?
        /// How many days back from `to` when `from` is not given.
        public var days: Int?

        /// Creates a query.
        public init(granularity: Granularity = .day, from: LocalDay? = nil, to: LocalDay? = nil, days: Int? = nil) {
            self.granularity = granularity
            self.from = from
            self.to = to
            self.days = days
        }

        /// How many days a history of days may span, and the most `days` may ask for.
        public static let maximumDays = 36_600
        /// How many days a history of minutes may span.
        public static let maximumMinuteDays = 31
        /// How many days back `days` reaches when neither it nor `from` is given.
        public static let defaultDays = 7
        /// The first day a query may name: no step counted by this software is older.
        public static let earliestDay = LocalDay(daysSince1970: 0)

        /// A day a query may name, from its text "YYYY-MM-DD": a date that exists (by
        /// `LocalDay`), from 1970 on; nil otherwise.
        public static func day(_ text: String) -> LocalDay? {
            guard let day = try? LocalDay(text), day >= earliestDay else { return nil }
            return day
        }

        /// The days the query covers when today is `today`: `to` (default today) and `from`
        /// (default `days`, default 7, up to `to`), both included.
        /// - Throws: `ProtocolError(.badArgument)` when `from` is after `to`, or the range is longer
        ///   than `maximumDays` (days) or `maximumMinuteDays` (minutes).
        public func range(today: LocalDay) throws(ProtocolError) -> ClosedRange<LocalDay> {
            let last = to ?? today
            let first = from ?? last.adding(days: -((days ?? Self.defaultDays) - 1))
            guard first <= last else { throw ProtocolError(.badArgument, "'from' is after 'to'") }
            let span = last.daysSince1970 - first.daysSince1970
            switch granularity {
            case .day:
                guard span <= Self.maximumDays else {
                    throw ProtocolError(.badArgument, "at most \(Self.maximumDays) days at once")
                }
            case .minute:
                guard span <= Self.maximumMinuteDays else {
                    throw ProtocolError(.badArgument, "at most \(Self.maximumMinuteDays) days of minutes at once")
                }
            }
            return first...last
        }
    }
}
