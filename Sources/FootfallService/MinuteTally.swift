import FootfallStore
import FootfallVocabulary

/// `MinuteDelta`s added up per wall-clock minute and source: the one rule for merging minutes that the
/// store applies in SQL (`ON CONFLICT ... steps = steps + excluded.steps`), in memory. The
/// ledger keeps its unwritten minutes and today's minutes in buckets, takes back a batch that
/// could not be written into them, and history merges the store's rows with the unwritten
/// minutes through them, so a minute is never counted twice or split in two.
public struct MinuteTally: Sendable, Equatable {
    /// What identifies a bucket: the minute and the kind of sensor.
    public struct Key: Sendable, Hashable {
        /// Unix seconds of the minute's start.
        public var start: Int64
        /// The backend that counted the steps.
        public var source: SensorBackend
    }

    private var buckets: [Key: MinuteDelta] = [:]

    /// No minutes.
    public init() {}

    /// Adds a delta to its minute's bucket: steps and cadence sums add up; a bucket keeps the
    /// day it was first filed under (as a stored row does).
    public mutating func add(_ delta: MinuteDelta) {
        let key = Key(start: delta.start, source: delta.source)
        if var existing = buckets[key] {
            existing.steps += delta.steps
            existing.cadenceSum += delta.cadenceSum
            buckets[key] = existing
        } else {
            buckets[key] = delta
        }
    }

    /// Adds several deltas.
    public mutating func add<Deltas: Sequence<MinuteDelta>>(contentsOf deltas: Deltas) {
        for delta in deltas { add(delta) }
    }

    /// The buckets, oldest first and by source within a minute.
    public var deltas: [MinuteDelta] {
        buckets.values.sorted { ($0.start, $0.source.rawValue) < ($1.start, $1.source.rawValue) }
    }

    /// Whether there is no bucket.
    public var isEmpty: Bool { buckets.isEmpty }

    /// All steps of all buckets.
    public var steps: Int { buckets.values.reduce(0) { $0 + $1.steps } }

    /// Empties the buckets, keeping their storage.
    public mutating func removeAll() { buckets.removeAll(keepingCapacity: true) }
}
