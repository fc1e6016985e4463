import Dispatch
import Foundation
import FootfallAnalysis
import FootfallDetection
import FootfallTraces
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#endif

/// One task's share of a study: every recording of its shard that is still to do, read as
/// `footfall count --days` reads it, each leaving its part. Recordings already done (their
/// part is there for the same file, by size and modification time) are passed over, so a task
/// killed or out of time continues where it stopped when it runs again. A recording that
/// cannot be read leaves its failure (file, byte, reason) as its part, and the task goes on.
public struct ShardRun: Sendable {
    /// What the run tells as it goes: a line of progress each.
    public enum Event: Sendable {
        /// The shard's recordings were found: how many, and how many of them are to do.
        case started(recordings: Int, done: Int, failed: Int, toDo: Int)
        /// The `number`-th recording to do of `toDo` was read.
        case read(number: Int, toDo: Int, entry: PlanEntry, days: Int, steps: Int, seconds: Double)
        /// The `number`-th recording to do of `toDo` could not be read.
        case failed(number: Int, toDo: Int, entry: PlanEntry, error: TraceError)
    }

    /// What the run did.
    public struct Summary: Sendable, Equatable {
        /// The shard's recordings.
        public var recordings = 0
        /// Read before this run.
        public var doneBefore = 0
        /// Failed before this run, and not retried.
        public var failedBefore = 0
        /// Read by this run.
        public var read = 0
        /// Failed in this run.
        public var failed = 0
        /// Seconds from start to end.
        public var seconds = 0.0
    }

    /// The study.
    public let study: Study
    /// The share.
    public let shard: Shard
    /// Recordings read at once.
    public let jobs: Int
    /// Whether recordings that failed before are read again.
    public let retryingFailures: Bool
    /// The task, for the parts.
    public let task: TaskIdentity

    /// A run of `shard` of `study`, reading `jobs` recordings at once.
    public init(study: Study, shard: Shard, jobs: Int = 1, retryingFailures: Bool = false, task: TaskIdentity) {
        self.study = study
        self.shard = shard
        self.jobs = max(1, jobs)
        self.retryingFailures = retryingFailures
        self.task = task
    }

    /// Reads the shard's recordings still to do, calling `report` (from the working threads,
    /// one call at a time) as it goes.
    /// - Throws: `StudyError` when the study cannot be read, its settings give no detector
    ///   (a walking model file gone), or a part cannot be written (a full disk): then the
    ///   recordings not yet begun stay to do.
    public func run(report: @escaping @Sendable (Event) -> Void = { _ in }) throws(StudyError) -> Summary {
        let start = ContinuousClock.now
        let study = self.study, task = self.task, shard = self.shard, retryingFailures = self.retryingFailures
        let settings = study.settings
        do { _ = try settings.detector.configuration() } catch { throw .badPlan("the study's detector settings: \(error)") }
        var summary = Summary()
        var toDo: [PlanEntry] = []
        try study.forEachRecording { (entry) throws(StudyError) in
            guard shard.holds(entry.id) else { return }
            summary.recordings += 1
            let state = study.state(of: entry)
            if state.isToDo(retryingFailures: retryingFailures) {
                toDo.append(entry)
            } else if state == .failed {
                summary.failedBefore += 1
            } else {
                summary.doneBefore += 1
            }
        }
        report(.started(recordings: summary.recordings, done: summary.doneBefore, failed: summary.failedBefore, toDo: toDo.count))
        let localOffset = settings.days.localOffset()
        let shared = NIOLockedValueBox(Progress())
        let work = toDo
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, work.count))) { _ in
            while let index = shared.withLockedValue({ $0.take(limit: work.count) }) {
                let entry = work[index]
                let outcome = ShardRun.process(entry, study: study, task: task, localOffset: localOffset)
                shared.withLockedValue { progress in
                    progress.finished += 1
                    switch outcome {
                    case .read(let days, let steps, let seconds):
                        progress.read += 1
                        report(.read(number: progress.finished, toDo: work.count, entry: entry, days: days, steps: steps, seconds: seconds))
                    case .failed(let error):
                        progress.failed += 1
                        report(.failed(number: progress.finished, toDo: work.count, entry: entry, error: error))
                    case .stopped(let error):
                        progress.stop = progress.stop ?? error
                    }
                }
            }
        }
        let progress = shared.withLockedValue { $0 }
        if let stop = progress.stop { throw stop }
        summary.read = progress.read
        summary.failed = progress.failed
        summary.seconds = (ContinuousClock.now - start).inSeconds
        return summary
    }

    /// The recordings handed out and finished, shared by the working threads.
    private struct Progress {
        var next = 0
        var finished = 0
        var read = 0
        var failed = 0
        var stop: StudyError?

        mutating func take(limit: Int) -> Int? {
            guard stop == nil, next < limit else { return nil }
            next += 1
            return next - 1
        }
    }

    private enum Outcome {
        case read(days: Int, steps: Int, seconds: Double)
        case failed(TraceError)
        case stopped(StudyError)
    }

    /// Reads one recording and writes its part.
    private static func process(_ entry: PlanEntry, study: Study, task: TaskIdentity,
                                localOffset: @escaping @Sendable (Double) -> Double) -> Outcome {
        let settings = study.settings
        let partPath = study.partPath(of: entry.id)
        // Taken before reading: a file replaced while it is read is read again next time.
        let fingerprint = FileFingerprint(path: entry.path)
        let wall = ContinuousClock.now
        let cpu = threadCPUSeconds()
        do {
            let configuration: DetectorConfiguration
            do { configuration = try settings.detector.configuration(forRecording: entry.path) } catch {
                return .stopped(.badPlan("the study's detector settings: \(error)"))
            }
            do {
                let counted = try RecordingDays.run(path: entry.path, options: settings.reading, configuration: configuration,
                                                    settings: settings.days, localOffset: localOffset)
                let seconds = (ContinuousClock.now - wall).inSeconds
                let record = RecordingRecord(entry: entry, counted: counted, placement: configuration.placement.rawValue,
                                             fingerprint: fingerprint, seconds: seconds, cpuSeconds: threadCPUSeconds() - cpu,
                                             task: task, localOffset: localOffset)
                try RecordingPart.write(record, days: counted.days.map { DayRows.row($0, of: entry, clock: counted.clock) }, to: partPath)
                return .read(days: counted.days.count, steps: counted.count.steps, seconds: seconds)
            } catch let error as TraceError {
                try RecordingPart.write(RecordingFailure(entry: entry, error: error, fingerprint: fingerprint, task: task), to: partPath)
                return .failed(error)
            }
        } catch let error as StudyError {
            return .stopped(error)
        } catch {
            return .stopped(.file(partPath, "\(error)"))
        }
    }

    /// The CPU time of the calling thread, seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
