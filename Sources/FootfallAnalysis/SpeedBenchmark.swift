import Foundation
import FootfallDetection
import FootfallTraces

/// How fast the detector core and the trace parser run, on one core.
///
/// The core is timed on samples already in memory, so the figure is detection alone; the
/// parser is timed on the files' bytes, so it is parsing alone. Each is repeated until at
/// least `minimumSeconds` have passed and the best pass is kept (the least disturbed by the
/// rest of the machine).
public struct SpeedBenchmark: Sendable, Codable {
    /// Samples the core processed per second.
    public var detectionSamplesPerSecond: Double
    /// Samples the parser read per second.
    public var parsingSamplesPerSecond: Double
    /// Megabytes of CSV the parser read per second.
    public var parsingMegabytesPerSecond: Double
    /// Samples in the traces used.
    public var samples: Int
    /// Median input rate of the traces used, Hz.
    public var inputRateHz: Double

    enum CodingKeys: String, CodingKey {
        case samples
        case detectionSamplesPerSecond = "detection_samples_per_s"
        case parsingSamplesPerSecond = "parsing_samples_per_s"
        case parsingMegabytesPerSecond = "parsing_mb_per_s"
        case inputRateHz = "input_rate_hz"
    }

    /// Runs the benchmark over traces.
    /// - Parameters:
    ///   - paths: CSV traces.
    ///   - options: what the files do not say about themselves.
    ///   - configuration: the detector's configuration.
    ///   - minimumSeconds: how long to keep repeating each measurement.
    /// - Throws: `TraceError` for a trace that cannot be read.
    public static func run(paths: [String], options: RecordingOptions = .automatic, configuration: DetectorConfiguration = .default,
                           minimumSeconds: Double = 2) throws(TraceError) -> SpeedBenchmark {
        var traces: [[Sample]] = []
        var bytes = 0
        for path in paths {
            traces.append(try Recording.readSamples(path: path, options: options))
            bytes += (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        }
        let samples = traces.reduce(0) { $0 + $1.count }
        let clock = ContinuousClock()

        var bestDetection = Double.infinity
        var stepsSeen = 0
        var start = clock.now
        repeat {
            let passStart = threadCPUSeconds()
            for trace in traces {
                var detector = StepDetector(configuration: configuration)
                detector.process(trace) { _ in stepsSeen &+= 1 }
                detector.finish { _ in stepsSeen &+= 1 }
            }
            bestDetection = min(bestDetection, threadCPUSeconds() - passStart)
        } while (clock.now - start).inSeconds < minimumSeconds

        var bestParsing = Double.infinity
        var checksum = 0.0
        start = clock.now
        repeat {
            let passStart = threadCPUSeconds()
            for path in paths {
                try Recording.forEachBatch(path: path, options: options) { batch in checksum += batch[batch.count - 1].x }
            }
            bestParsing = min(bestParsing, threadCPUSeconds() - passStart)
        } while (clock.now - start).inSeconds < minimumSeconds
        // Keep the results observable so the optimiser cannot drop the work.
        if stepsSeen == -1 || checksum.isNaN { print(stepsSeen, checksum) }

        let intervals = traces.flatMap { trace in zip(trace.dropFirst(), trace).map { $0.time - $1.time } }.sorted()
        let medianInterval = intervals.isEmpty ? 0 : intervals[intervals.count / 2]
        return SpeedBenchmark(
            detectionSamplesPerSecond: Double(samples) / bestDetection,
            parsingSamplesPerSecond: Double(samples) / bestParsing,
            parsingMegabytesPerSecond: Double(bytes) / 1e6 / bestParsing,
            samples: samples,
            inputRateHz: medianInterval > 0 ? 1 / medianInterval : 0)
    }
}

/// CPU time this thread has used, seconds. The benchmark times passes by it rather than by
/// the wall clock, so that other work on the machine (a build on the other core, a CI job)
/// does not count against the detector: the figure is samples per second of one core's time.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}
