import FootfallAnalysis

/// Which tasks of a study's array to submit: the study split into `shardCount` shards by the
/// recordings' ids (one task per shard, `--shard I/N`, with several recordings each when the
/// study has more recordings than Slurm's MaxArraySize allows tasks), and of those only the
/// shards with recordings still to do.
public struct SlurmArrayPlan: Sendable, Equatable {
    /// N: the shards, and the array's tasks (indices 0 ..< N).
    public var shardCount: Int
    /// The indices to submit: the shards with recordings to do, in order.
    public var indices: [Int]
    /// The study's recordings.
    public var recordings: Int
    /// The recordings still to do (not run, changed, or failed and retried).
    public var toDo: Int
    /// The most recordings to do in one task.
    public var mostPerTask: Int
    /// The most bytes to read in one task.
    public var mostBytesPerTask: Int64

    /// A plan of these figures.
    public init(shardCount: Int, indices: [Int], recordings: Int, toDo: Int, mostPerTask: Int, mostBytesPerTask: Int64) {
        self.shardCount = shardCount
        self.indices = indices
        self.recordings = recordings
        self.toDo = toDo
        self.mostPerTask = mostPerTask
        self.mostBytesPerTask = mostBytesPerTask
    }

    /// The plan for `study` in `shardCount` shards (default: one recording a task, up to
    /// `maximumArraySize` tasks).
    /// - Throws: `StudyError.badPlan` for more shards than Slurm allows tasks.
    public static func make(study: Study, shardCount: Int?, maximumArraySize: Int, retryingFailures: Bool) throws(StudyError) -> SlurmArrayPlan {
        var entries: [PlanEntry] = []
        try study.forEachRecording { entries.append($0) }
        let count = shardCount ?? study.settings.shardCount ?? max(1, min(entries.count, maximumArraySize))
        guard count >= 1 else { throw .badPlan("--tasks must be 1 or more") }
        guard count <= maximumArraySize else {
            throw .badPlan("\(count) tasks is more than this cluster's MaxArraySize (\(maximumArraySize)) allows in one array: "
                           + "give --tasks \(maximumArraySize) or fewer, and each task takes several recordings")
        }
        var perTask = [Int](repeating: 0, count: count)
        var bytesPerTask = [Int64](repeating: 0, count: count)
        var toDo = 0
        for entry in entries where study.state(of: entry).isToDo(retryingFailures: retryingFailures) {
            let index = Shard.index(of: entry.id, count: count)
            perTask[index] += 1
            bytesPerTask[index] += FileFingerprint(path: entry.path)?.bytes ?? 0
            toDo += 1
        }
        return SlurmArrayPlan(shardCount: count, indices: perTask.indices.filter { perTask[$0] > 0 }, recordings: entries.count,
                              toDo: toDo, mostPerTask: perTask.max() ?? 0, mostBytesPerTask: bytesPerTask.max() ?? 0)
    }

    /// The indices as sbatch's `--array` takes them, ranges joined (`0-3,5,7-9`), with the
    /// throttle (`%4`) when given.
    public func arraySpecification(throttle: Int?) -> String {
        var ranges: [String] = []
        var start = indices.first
        var previous = indices.first
        for index in indices.dropFirst() + [Int.max] {
            guard let first = start, let last = previous else { break }
            if index == last + 1 { previous = index; continue }
            ranges.append(first == last ? "\(first)" : "\(first)-\(last)")
            start = index
            previous = index
        }
        return ranges.joined(separator: ",") + (throttle.map { "%\($0)" } ?? "")
    }
}
