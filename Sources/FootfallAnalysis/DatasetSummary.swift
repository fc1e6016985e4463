/// One dataset's figures in a benchmark run, by the shared datasets' scoring conventions.
public struct DatasetSummary: Sendable, Codable, Equatable {
    /// The dataset's name.
    public var dataset: String
    /// Recordings scored.
    public var recordings: Int
    /// True steps, all recordings.
    public var trueSteps: Int
    /// Counted steps, all recordings.
    public var counted: Int
    /// Median absolute count error over walking recordings, percent.
    public var walkingMedianError: Double?
    /// Mean absolute count error over walking recordings, percent.
    public var walkingMeanError: Double?
    /// Signed error of the summed count over walking recordings, percent.
    public var walkingSummedError: Double?
    /// Walking recordings whose count is off by more than 10 %, and by more than 20 %.
    public var walksOffByTenPercent: Int?
    public var walksOffByTwentyPercent: Int?
    /// Per-step agreement summed over recordings with step times.
    public var match: StepMatch?
    /// Counted steps per hour over non-walking recordings: all false.
    public var falseStepsPerHour: Double?
    /// Hours of non-walking recordings.
    public var nonWalkingHours: Double?
    /// True steps over mixed recordings.
    public var mixedTrue: Int?
    /// Counted steps over mixed recordings.
    public var mixedCounted: Int?
    /// Samples read and detected per second of run time (one recording at a time per core).
    public var samplesPerSecond: Double
    /// Recall over the true steps of walks of four steps or more (sets whose sidecars list
    /// their walks: the daily-living set).
    public var walkRecall: Double?
    /// False steps per hour for each label of the non-walking recordings (sets whose sidecars
    /// name what the recording shows: "clapping", "driving").
    public var falseStepsPerHourByLabel: [String: Double]?
    /// Per group (the label, else the placement), where the steps fell among labelled
    /// segments (sets whose truth is segments: geotec-tug, wisdm-watch's walks).
    public var segments: [SegmentSummary]?
    /// How far apart two devices worn in the same executions counted.
    public var pairedCounts: PairedCounts?

    enum CodingKeys: String, CodingKey {
        case dataset, recordings, counted, match
        case trueSteps = "true"
        case walkingMedianError = "walk_median_ape_pct"
        case walkingMeanError = "walk_mean_ape_pct"
        case walkingSummedError = "walk_total_err_pct"
        case walksOffByTenPercent = "walks_off_10pct"
        case walksOffByTwentyPercent = "walks_off_20pct"
        case falseStepsPerHour = "nonwalk_false_steps_per_h"
        case nonWalkingHours = "nonwalk_hours"
        case mixedTrue = "mixed_true"
        case mixedCounted = "mixed_counted"
        case samplesPerSecond = "samples_per_s"
        case walkRecall = "walk4_recall"
        case falseStepsPerHourByLabel = "false_steps_per_h_by_label"
        case segments
        case pairedCounts = "paired_counts"
    }

    /// Summarises the recordings of one dataset.
    public init(dataset: String, scores: [RecordingScore]) {
        self.dataset = dataset
        recordings = scores.count
        trueSteps = scores.reduce(0) { $0 + $1.trueSteps }
        counted = scores.reduce(0) { $0 + $1.counted }
        let walking = scores.filter { $0.activity == .walking && $0.trueSteps > 0 }
        let errors = walking.compactMap { $0.countError.map(abs) }
        if !errors.isEmpty {
            walkingMedianError = median(errors)
            walkingMeanError = errors.reduce(0, +) / Double(errors.count)
            let truth = walking.reduce(0) { $0 + $1.trueSteps }
            let found = walking.reduce(0) { $0 + $1.counted }
            walkingSummedError = Double(found - truth) / Double(truth) * 100
            walksOffByTenPercent = errors.filter { $0 > 10 }.count
            walksOffByTwentyPercent = errors.filter { $0 > 20 }.count
        }
        let matches = scores.compactMap(\.match)
        if !matches.isEmpty { match = matches.reduce(StepMatch(truePositives: 0, falsePositives: 0, falseNegatives: 0), +) }
        let still = scores.filter { $0.activity == .nonWalking }
        if !still.isEmpty {
            let hours = still.reduce(0) { $0 + $1.duration } / 3600
            nonWalkingHours = hours
            falseStepsPerHour = hours > 0 ? Double(still.reduce(0) { $0 + $1.counted }) / hours : nil
        }
        // Segment-labelled recordings have no true count: they are scored by where steps fell.
        let mixed = scores.filter { $0.activity == .mixed && $0.segments == nil }
        if !mixed.isEmpty {
            mixedTrue = mixed.reduce(0) { $0 + $1.trueSteps }
            mixedCounted = mixed.reduce(0) { $0 + $1.counted }
        }
        let walkScores = scores.filter { $0.walkSteps != nil }
        let walkTotal = walkScores.reduce(0) { $0 + ($1.walkSteps ?? 0) }
        if walkTotal > 0 {
            walkRecall = Double(walkScores.reduce(0) { $0 + ($1.walkStepsFound ?? 0) }) / Double(walkTotal)
        }
        let labels = Dictionary(grouping: still.filter { $0.label != nil }, by: { $0.label ?? "" })
        if !labels.isEmpty {
            falseStepsPerHourByLabel = labels.mapValues { group in
                let hours = group.reduce(0) { $0 + $1.duration } / 3600
                return hours > 0 ? Double(group.reduce(0) { $0 + $1.counted }) / hours : 0
            }
        }
        let labelled = scores.compactMap(\.segments)
        if !labelled.isEmpty {
            segments = Dictionary(grouping: labelled, by: \.group)
                .map { SegmentSummary(group: $0.key, scores: $0.value) }
                .sorted { $0.group < $1.group }
            pairedCounts = PairedCounts(scores)
        }
        let elapsed = scores.reduce(0) { $0 + $1.elapsed }
        samplesPerSecond = elapsed > 0 ? Double(scores.reduce(0) { $0 + $1.samples }) / elapsed : 0
    }

    /// Summaries of every dataset present in `scores`, sorted by name.
    public static func summarize(_ scores: [RecordingScore]) -> [DatasetSummary] {
        Dictionary(grouping: scores, by: \.dataset)
            .map { DatasetSummary(dataset: $0.key, scores: $0.value) }
            .sorted { $0.dataset < $1.dataset }
    }
}
