import FootfallAnalysis

extension Shard {
    /// The shard of `count` that holds the recording `id`: its stable hash modulo the count.
    /// Recordings added later never move the ones already planned, whatever the order.
    public static func index(of id: RecordingID, count: Int) -> Int {
        Int(id.stableHash % UInt64(count))
    }

    /// Whether the recording `id` is this shard's.
    public func holds(_ id: RecordingID) -> Bool {
        Shard.index(of: id, count: count) == index
    }
}

extension Shard {
    /// The shard a task runs: `given` (`--shard I/N`); else I from the scheduler's
    /// environment (Slurm's `SLURM_ARRAY_TASK_ID`, a Kubernetes indexed Job's
    /// `JOB_COMPLETION_INDEX`) and N from `count` (`--shard-count`), else from Slurm's
    /// `SLURM_ARRAY_TASK_COUNT`, else from the study's `shardCount`.
    /// - Throws: `StudyError.badPlan` saying what to give when neither says.
    public static func resolve(given: Shard?, count: Int?, study: Study, environment: [String: String]) throws(StudyError) -> Shard {
        if let given {
            if let count, count != given.count { throw .badPlan("--shard \(given) and --shard-count \(count) disagree: give one of them") }
            return given
        }
        let slurmIndex = environment["SLURM_ARRAY_TASK_ID"].flatMap { Int($0) }
        let kubernetesIndex = environment["JOB_COMPLETION_INDEX"].flatMap { Int($0) }
        guard let index = slurmIndex ?? kubernetesIndex else {
            throw .badPlan("which shard? Give --shard I/N (--shard 0/1 is the whole study, on this machine), or run as a Slurm array "
                           + "task (SLURM_ARRAY_TASK_ID) or in a Kubernetes indexed Job (JOB_COMPLETION_INDEX)")
        }
        let source = slurmIndex != nil ? "SLURM_ARRAY_TASK_ID" : "JOB_COMPLETION_INDEX"
        let slurmCount = slurmIndex != nil ? environment["SLURM_ARRAY_TASK_COUNT"].flatMap { Int($0) } : nil
        guard let shards = count ?? slurmCount ?? study.settings.shardCount else {
            throw .badPlan("\(source) is \(index), but of how many shards? Give --shard-count N (the Job's completions), "
                           + "or plan the study with --shard-count N")
        }
        guard shards > 0, index >= 0, index < shards else {
            throw .badPlan("\(source) is \(index), not a shard of \(shards) (0 to \(shards - 1))")
        }
        return Shard(index: index, count: shards)
    }
}
