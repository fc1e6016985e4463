import FootfallDetection
import FootfallTraces

/// One recording counted and summarised by day, as `footfall count --days` prints it and a
/// cohort keeps it: the count, every minute on the recording's local clock, and the days.
public struct RecordingDays: Sendable {
    /// The count, with what the file said about itself (`TraceCount.recording`).
    public var count: TraceCount
    /// Every minute with samples or steps, in order, `worn` decided.
    public var minutes: [RecordedMinute]
    /// The calendar days, in order.
    public var days: [DaySummary]
    /// Whether the recording's times are dates or elapsed seconds (its days then numbered
    /// only); nil when it held no sample.
    public var clock: RecordingClock?

    /// Streams the recording at `path` through the detector and gathers its minutes as it is
    /// read (a week costs its minutes, not its samples).
    /// - Parameters:
    ///   - localOffset: `settings.localOffset()`, made once for every recording.
    ///   - progress: called as the file is read, as for `TraceCount.run`.
    /// - Throws: `TraceError` for a recording that cannot be read.
    public static func run(path: String, options: RecordingOptions, configuration: DetectorConfiguration,
                           settings: DaySettings, localOffset: @escaping ActivityMinutes.LocalOffset,
                           progress: ((_ samples: Int, _ read: Int, _ size: Int) -> Void)? = nil) throws(TraceError) -> RecordingDays {
        var activity = ActivityMinutes(localOffset: localOffset)
        let count = try TraceCount.run(path: path, options: options, configuration: configuration, progress: progress,
                                       onSamples: { activity.add($0) }, onStep: { activity.add(step: $0) })
        let minutes = activity.minutes(rule: settings.rule)
        return RecordingDays(count: count, minutes: minutes,
                             days: DaySummary.summarize(minutes, minimumWearMinutes: settings.minimumWearMinutes),
                             clock: activity.clock)
    }
}
