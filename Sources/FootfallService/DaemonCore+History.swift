#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallGoals
import FootfallProtocol
import FootfallStore

extension DaemonCore {
    /// A range of history: the store's days or minutes with the steps still in memory added,
    /// read together on the store's queue (the flush takes and writes on the same queue, so
    /// every step is in exactly one of the two).
    /// - Throws: `ProtocolError` for a range the query rules refuse, `StoreError` when the store cannot be read.
    func history(_ query: Request.HistoryQuery) async throws -> HistoryMessage {
        let figures = ledger.figures()
        let range = try query.range(today: figures.day)
        let (from, to) = (range.lowerBound, range.upperBound)
        let store = self.store, ledger = self.ledger
        switch query.granularity {
        case .day:
            let (pending, stored) = try await executor.run {
                (ledger.pendingMinutes(), try store.current.days(from: from, to: to))
            }
            var byDay = Dictionary(stored.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
            // Past days can have unwritten steps too (a wall clock set back across midnight).
            for delta in pending {
                var row = byDay[delta.day]
                    ?? DayTotal(day: delta.day, steps: 0, goal: figures.goals.goal(for: delta.day, boundary: figures.boundary))
                row.steps += delta.steps
                byDay[delta.day] = row
            }
            var days: [DayTotal] = []
            var day = from
            while day <= to {
                // Today's figures are the ledger's: they include steps still in memory.
                if day == figures.day {
                    days.append(DayTotal(day: day, steps: figures.steps, goal: figures.goal))
                } else {
                    days.append(byDay[day] ?? DayTotal(day: day, steps: 0, goal: figures.goals.goal(for: day, boundary: figures.boundary)))
                }
                day = day.next
            }
            return HistoryMessage(granularity: .day, from: from, to: to, days: days)
        case .minute:
            let start = Int64(figures.boundary.start(of: from).timeIntervalSince1970)
            let end = Int64(figures.boundary.start(of: to.next).timeIntervalSince1970)
            let (pending, rows) = try await executor.run {
                (ledger.pendingMinutes().filter { $0.start >= start && $0.start < end }, try store.current.minutes(from: start, to: end))
            }
            var buckets = MinuteTally()
            buckets.add(contentsOf: rows.map(\.delta))
            buckets.add(contentsOf: pending)
            let minutes = buckets.deltas.map {
                HistoryMinute(start: Double($0.start), steps: $0.steps,
                             cadenceSpm: $0.steps > 0 ? DaemonSnapshot.reported(tenths: $0.cadenceSum / Double($0.steps)) : 0,
                             source: SourceKind($0.source))
            }
            return HistoryMessage(granularity: .minute, from: from, to: to, minutes: minutes)
        }
    }
}
