import FootfallAnalysis
import FootfallCohort
import Testing

/// Which shard a task runs: given, or from Slurm's or Kubernetes's environment.
struct ShardResolutionTests {
    func study(_ folder: StudyFolder, shardCount: Int? = nil) throws -> Study {
        try folder.copy("devices/ax6_sample.cwa", to: "a.cwa")
        _ = try StudyPlanner.plan(source: folder.recordings, into: folder.study, settings: StudySettings(shardCount: shardCount))
        return try Study.open(folder.study)
    }

    @Test func aShardGivenWins() throws {
        let folder = try StudyFolder()
        let study = try study(folder)
        let shard = try Shard.resolve(given: Shard(index: 2, count: 5), count: nil, study: study,
                                      environment: ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "9"])
        #expect(shard == Shard(index: 2, count: 5))
        #expect(throws: StudyError.self) { try Shard.resolve(given: Shard(index: 2, count: 5), count: 4, study: study, environment: [:]) }
    }

    @Test func aSlurmArrayTaskTakesItsIndexAndTheCountGivenOrSlurms() throws {
        let folder = try StudyFolder()
        let study = try study(folder)
        let slurm = ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "9"]
        #expect(try Shard.resolve(given: nil, count: nil, study: study, environment: slurm) == Shard(index: 3, count: 9))
        // An array of only some indices (a resubmission) says how many it has, not N.
        #expect(try Shard.resolve(given: nil, count: 12, study: study, environment: slurm) == Shard(index: 3, count: 12))
        #expect(throws: StudyError.self) { try Shard.resolve(given: nil, count: 3, study: study, environment: slurm) }
    }

    @Test func aKubernetesIndexedJobTakesTheCountGivenOrThePlans() throws {
        let folder = try StudyFolder()
        let study = try study(folder)
        let pod = ["JOB_COMPLETION_INDEX": "4"]
        #expect(try Shard.resolve(given: nil, count: 10, study: study, environment: pod) == Shard(index: 4, count: 10))
        do {
            _ = try Shard.resolve(given: nil, count: nil, study: study, environment: pod)
            Issue.record("a pod without a count was given a shard")
        } catch {
            #expect(error.description.contains("--shard-count"))
        }
        let other = try StudyFolder()
        let planned = try self.study(other, shardCount: 6)
        #expect(try Shard.resolve(given: nil, count: nil, study: planned, environment: pod) == Shard(index: 4, count: 6))
    }

    @Test func withoutAShardTheErrorSaysWhatToGive() throws {
        let folder = try StudyFolder()
        let study = try study(folder)
        do {
            _ = try Shard.resolve(given: nil, count: nil, study: study, environment: [:])
            Issue.record("a shard was made up")
        } catch {
            #expect(error.description.contains("--shard I/N") && error.description.contains("SLURM_ARRAY_TASK_ID")
                    && error.description.contains("JOB_COMPLETION_INDEX"))
        }
    }
}
