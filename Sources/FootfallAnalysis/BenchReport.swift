import Foundation
import FootfallDetection
import FootfallTraces
import Synchronization

/// The result of a benchmark run, as written by `footfall bench --json` and read back by
/// `footfall bench --merge`: every recording's score and every dataset's summary.
public struct BenchReport: Sendable, Codable {
    /// Identifies the file format.
    public var format = "footfall-bench"
    /// The format's version.
    public var version = 1
    /// The shard this report covers ("I/N"), or nil for a whole corpus or a merge.
    public var shard: String?
    /// Every recording's score, sorted by dataset and name.
    public var recordings: [RecordingScore]
    /// Every dataset's summary.
    public var datasets: [DatasetSummary]

    /// Creates a report from recording scores; the summaries are computed from them.
    public init(recordings: [RecordingScore], shard: Shard? = nil) {
        self.recordings = recordings.sorted { ($0.dataset, $0.name) < ($1.dataset, $1.name) }
        // From the sorted recordings: merged shards then sum in the same order as a whole run,
        // and give the same figures to the last digit.
        datasets = DatasetSummary.summarize(self.recordings)
        self.shard = shard.flatMap { $0.count > 1 ? $0.description : nil }
    }

    /// Runs the detector over each recording and scores it.
    /// - Parameters:
    ///   - recordings: what to run.
    ///   - configuration: the detector's configuration.
    ///   - placement: where every recording is counted as worn; nil counts each where it says
    ///     (`DetectorConfiguration.forRecording(at:sidecar:placement:)`).
    ///   - options: what the files do not say about themselves.
    ///   - jobs: how many recordings to run at once.
    ///   - progress: called after each recording with the number done.
    /// - Throws: `TraceError` for the first recording that cannot be read.
    public static func run(
        _ recordings: [BenchRecording], configuration: DetectorConfiguration, placement: Placement? = nil,
        options: RecordingOptions = .automatic, jobs: Int,
        progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) throws -> [RecordingScore] {
        let results = ResultSlots<Result<RecordingScore, TraceError>>(count: recordings.count)
        let next = Counter()
        let done = Counter()
        let workers = max(1, min(jobs, recordings.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while case let index = next.increment() - 1, index < recordings.count {
                let recording = recordings[index]
                results[index] = Result { () throws(TraceError) -> RecordingScore in
                    guard let sidecar = try TraceSidecar.load(besideTrace: recording.tracePath) else {
                        throw TraceError(path: recording.tracePath, reason: .unreadable("its sidecar has gone"))
                    }
                    // A walk without a count is judged against its spectrum's step frequency.
                    var spectrum: StepFrequencySpectrum? = sidecar.isWalkWithoutCount ? StepFrequencySpectrum() : nil
                    let count = try TraceCount.run(path: recording.tracePath, options: options,
                                                   configuration: configuration.forRecording(at: recording.tracePath, sidecar: sidecar,
                                                                                             placement: placement),
                                                   onSamples: spectrum == nil ? nil : { spectrum?.add($0) })
                    return RecordingScore(count: count, sidecar: sidecar, dataset: recording.folderName,
                                          name: Trace.name(ofPath: recording.tracePath),
                                          spectralStepFrequency: spectrum?.peakFrequency())
                }
                progress(done.increment())
            }
        }
        return try results.values.map { try $0!.get() }
    }

    /// Combines shard reports into one.
    /// - Throws: `BenchMergeError` when a recording appears in two reports.
    public static func merge(_ reports: [BenchReport]) throws -> BenchReport {
        var seen = Set<String>()
        var all: [RecordingScore] = []
        for report in reports {
            for score in report.recordings {
                let key = score.dataset + "/" + score.name
                guard seen.insert(key).inserted else { throw BenchMergeError.duplicate(key) }
                all.append(score)
            }
        }
        return BenchReport(recordings: all)
    }

    /// JSON, pretty-printed with sorted keys.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

/// Why shard reports could not be merged.
public enum BenchMergeError: Error, CustomStringConvertible {
    /// The same recording is in two reports: the shards overlap.
    case duplicate(String)
    /// A file is not a `footfall bench --json` report.
    case notAReport(path: String, detail: String)

    public var description: String {
        switch self {
        case .duplicate(let key):
            return "recording \(key) appears in more than one report: were two shards run with the same index?"
        case .notAReport(let path, let detail):
            return "\(path): not a footfall bench --json report (\(detail))"
        }
    }
}

/// A fixed set of slots written from several threads, each slot by one thread only.
final class ResultSlots<Value>: @unchecked Sendable {
    // Safe without a lock: every index is written by exactly one worker (handed out by the
    // atomic `Counter`), and read only after `concurrentPerform` has returned. The
    // slots are raw memory allocated once, not an Array: writing through an Array shared by
    // threads also writes the Array itself (its exclusivity bookkeeping), which is a race.
    private let storage: UnsafeMutableBufferPointer<Value?>
    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }
    deinit {
        storage.deinitialize()
        storage.deallocate()
    }
    subscript(index: Int) -> Value? {
        get { storage[index] }
        set { storage[index] = newValue }
    }
    var values: [Value?] { Array(storage) }
}

/// A counter shared by threads.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    /// Adds one and returns the new value.
    func increment() -> Int {
        value.add(1, ordering: .relaxed).newValue
    }
}
