import FootfallAnalysis
import FootfallTraces

/// How every recording of a study is read, counted and summarised, fixed when the study is
/// planned so that every task, on whatever machine and whenever it runs, does the same as
/// `footfall count --days` with the same options.
public struct StudySettings: Sendable, Equatable, Codable {
    /// What the recordings do not say about themselves (a delimited file's columns and units),
    /// and whether damaged blocks are skipped.
    public var reading: RecordingOptions
    /// How minutes become days.
    public var days: DaySettings
    /// The detector's placement, walking model and overrides.
    public var detector: DetectorSettings
    /// How many shards a task that knows only its index (a Kubernetes indexed Job's
    /// `JOB_COMPLETION_INDEX`) splits the study into; nil when the tasks say.
    public var shardCount: Int?

    /// Creates settings; the defaults are `footfall count --days`'s.
    public init(reading: RecordingOptions = .automatic, days: DaySettings = DaySettings(), detector: DetectorSettings = DetectorSettings(),
                shardCount: Int? = nil) {
        self.reading = reading
        self.days = days
        self.detector = detector
        self.shardCount = shardCount
    }

    /// The parts that differ from `other`, by name, for a message.
    func differences(from other: StudySettings) -> [String] {
        var names: [String] = []
        if reading != other.reading { names.append("reading (--columns, --units, --time, --sample-rate, --preset, --skip-bad-blocks)") }
        if days != other.days { names.append("days (--time-zone, --nonwear-sd, --nonwear-range, --nonwear-window, --valid-hours)") }
        if detector != other.detector { names.append("detector (--placement, --walking-model)") }
        if shardCount != other.shardCount { names.append("--shard-count") }
        return names
    }
}
