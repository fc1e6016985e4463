import FootfallDetection
import FootfallTraces

/// The result of running the detector over one trace file.
public struct TraceCount: Sendable {
    /// Steps counted.
    public var steps: Int { stepTimes.count }
    /// Every counted step's time, seconds on the trace's clock.
    public var stepTimes: [Double]
    /// Median cadence over the counted steps, steps per minute; 0 without steps.
    public var cadence: Double
    /// Samples read.
    public var samples: Int
    /// Seconds from the first sample to the last.
    public var duration: Double
    /// Seconds spent parsing and detecting, for the samples-per-second figure.
    public var elapsed: Double
    /// Samples in damaged blocks skipped as asked (`RecordingOptions.skipBadBlocks`).
    public var skippedSamples = 0
    /// What the file said about itself and how it was read (format, device, times), for a
    /// count of a file.
    public var recording: Recording.Summary?

    /// Streams the trace at `path` through a detector, without holding its samples.
    /// - Throws: `TraceError` for a trace that cannot be read.
    /// - Parameters:
    ///   - path: the recording, in any format `Recording` reads.
    ///   - options: what the file does not say about itself.
    ///   - configuration: the detector's.
    ///   - progress: called as the file is read, with the samples and the file's bytes read so
    ///     far and its size.
    ///   - onSamples: given each batch of samples as it is read (for `ActivityMinutes`).
    ///   - onStep: given each step as it is counted.
    public static func run(path: String, options: RecordingOptions = .automatic, configuration: DetectorConfiguration = .default,
                           progress: ((_ samples: Int, _ read: Int, _ size: Int) -> Void)? = nil,
                           onSamples: ((UnsafeBufferPointer<Sample>) -> Void)? = nil,
                           onStep: ((StepEvent) -> Void)? = nil) throws(TraceError) -> TraceCount {
        let clock = ContinuousClock()
        let start = clock.now
        var detector = StepDetector(configuration: configuration)
        var times: [Double] = []
        var cadences: [Double] = []
        var read = 0
        let report = progress.map { report in { (bytes: Int, size: Int) in report(read, bytes, size) } }
        let summary = try Recording.forEachBatch(path: path, options: options, progress: report) { batch in
            read += batch.count
            onSamples?(batch)
            detector.process(batch) { step in
                times.append(step.time)
                cadences.append(step.cadence)
                onStep?(step)
            }
        }
        detector.finish { step in
            times.append(step.time)
            cadences.append(step.cadence)
            onStep?(step)
        }
        let elapsed = (clock.now - start).inSeconds
        return TraceCount(stepTimes: times, cadence: median(cadences) ?? 0, samples: detector.samplesProcessed,
                          duration: summary.lastTime - summary.firstTime, elapsed: elapsed, skippedSamples: summary.skippedSamples,
                          recording: summary)
    }

    /// Runs the detector over samples already in memory.
    public static func run(samples: [Sample], configuration: DetectorConfiguration = .default) -> TraceCount {
        let clock = ContinuousClock()
        let start = clock.now
        var detector = StepDetector(configuration: configuration)
        var times: [Double] = []
        var cadences: [Double] = []
        let record = { (step: StepEvent) in
            times.append(step.time)
            cadences.append(step.cadence)
        }
        detector.process(samples, onStep: record)
        detector.finish(onStep: record)
        let elapsed = (clock.now - start).inSeconds
        let duration = (samples.last?.time ?? 0) - (samples.first?.time ?? 0)
        return TraceCount(stepTimes: times, cadence: median(cadences) ?? 0, samples: samples.count,
                          duration: duration, elapsed: elapsed)
    }
}

/// The median of some values, or nil when there are none.
func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid])
}
