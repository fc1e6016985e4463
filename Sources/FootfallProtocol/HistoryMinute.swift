/// One minute of history on the wire (HISTORY's `minutes`, D-Bus's GetMinutes): a minute with
/// steps from one source, its cadence averaged. (The store holds the same minute as a
/// `StoredMinute`, with its local day.)
public struct HistoryMinute: Codable, Sendable, Equatable {
    /// The minute's start, Unix seconds.
    public var start: Double
    public var steps: Int
    public var cadenceSpm: Double
    /// The kind of sensor that counted the steps.
    public var source: SourceKind

    public init(start: Double, steps: Int, cadenceSpm: Double, source: SourceKind) {
        self.start = start
        self.steps = steps
        self.cadenceSpm = cadenceSpm
        self.source = source
    }
}
