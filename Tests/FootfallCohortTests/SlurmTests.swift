import Foundation
import FootfallAnalysis
import FootfallCohort
import Testing

/// The array's plan, its scripts, and Slurm's commands (scripts on PATH standing in for them).
struct SlurmTests {
    func study(_ folder: StudyFolder, recordings: Int) throws -> Study {
        for index in 0..<recordings { try folder.copy("devices/gnactv_sample.bin", to: "P\(index).bin") }
        _ = try StudyPlanner.plan(source: folder.recordings, into: folder.study, settings: StudySettings())
        return try Study.open(folder.study)
    }

    @Test func theArrayHasATaskPerRecordingUpToMaxArraySize() throws {
        let folder = try StudyFolder()
        let study = try study(folder, recordings: 30)
        let wide = try SlurmArrayPlan.make(study: study, shardCount: nil, maximumArraySize: 1001, retryingFailures: false)
        #expect(wide.shardCount == 30 && wide.toDo == 30 && wide.recordings == 30)
        // Hashing leaves some shards empty: they are not submitted.
        #expect(wide.indices.count < 30 && wide.indices.allSatisfy { (0..<30).contains($0) })
        let narrow = try SlurmArrayPlan.make(study: study, shardCount: nil, maximumArraySize: 4, retryingFailures: false)
        #expect(narrow.shardCount == 4 && narrow.indices == [0, 1, 2, 3] && narrow.mostPerTask >= 8)
        #expect(throws: StudyError.self) { try SlurmArrayPlan.make(study: study, shardCount: 5, maximumArraySize: 4, retryingFailures: false) }
    }

    @Test func aPartlyDoneStudySubmitsOnlyTheTasksWithRecordingsToDo() throws {
        let folder = try StudyFolder()
        let study = try study(folder, recordings: 12)
        _ = try ShardRun(study: study, shard: Shard(index: 1, count: 4), task: .test).run()
        _ = try ShardRun(study: study, shard: Shard(index: 3, count: 4), task: .test).run()
        let plan = try SlurmArrayPlan.make(study: study, shardCount: 4, maximumArraySize: 1001, retryingFailures: false)
        #expect(plan.indices == [0, 2])
        #expect(plan.arraySpecification(throttle: 1) == "0,2%1")
        for index in [0, 2] { _ = try ShardRun(study: study, shard: Shard(index: index, count: 4), task: .test).run() }
        #expect(try SlurmArrayPlan.make(study: study, shardCount: 4, maximumArraySize: 1001, retryingFailures: false).indices.isEmpty)
    }

    @Test func indicesAreWrittenAsRanges() {
        var plan = SlurmArrayPlan(shardCount: 12, indices: [0, 1, 2, 3, 5, 7, 8, 9, 11], recordings: 0, toDo: 0, mostPerTask: 0, mostBytesPerTask: 0)
        #expect(plan.arraySpecification(throttle: nil) == "0-3,5,7-9,11")
        #expect(plan.arraySpecification(throttle: 4) == "0-3,5,7-9,11%4")
        plan.indices = [6]
        #expect(plan.arraySpecification(throttle: nil) == "6")
    }

    @Test func theScriptsAskForWhatWasGivenAndRunTheirShard() throws {
        let folder = try StudyFolder()
        let study = try study(folder, recordings: 6)
        let plan = try SlurmArrayPlan.make(study: study, shardCount: 3, maximumArraySize: 1001, retryingFailures: false)
        let resources = SlurmResources(cpusPerTask: 2, memoryMegabytes: 3000, timeLimitMinutes: 95, throttle: 2, partition: "short",
                                       account: "proj-7", otherOptions: ["--qos=long"])
        let scripts = SlurmScripts(study: study.folder, executable: "/opt/footfall/bin/footfall", plan: plan, resources: resources,
                                   retryingFailures: true)
        try scripts.write()
        let array = try folder.lines(scripts.arrayPath)
        #expect(array[0] == "#!/bin/bash")
        for line in ["#SBATCH --array=\(plan.arraySpecification(throttle: 2))", "#SBATCH --cpus-per-task=2", "#SBATCH --mem=3000M",
                     "#SBATCH --time=01:35:00", "#SBATCH --output=\(study.folder)/slurm/logs/%A_%a.log", "#SBATCH --partition=short",
                     "#SBATCH --account=proj-7", "#SBATCH --qos=long", "#SBATCH --job-name=footfall-study",
                     "exec /opt/footfall/bin/footfall cohort run \(study.folder) --shard \"${SLURM_ARRAY_TASK_ID}/3\" --jobs \"${SLURM_CPUS_PER_TASK:-1}\" --retry-failed"] {
            #expect(array.contains(line), "\(line)")
        }
        // sbatch reads #SBATCH lines only before the first command.
        #expect(array.lastIndex { $0.hasPrefix("#SBATCH") }! < array.firstIndex { $0.hasPrefix("exec ") }!)
        let merge = try folder.lines(scripts.mergePath)
        #expect(merge.contains("exec /opt/footfall/bin/footfall cohort merge \(study.folder)"))
        #expect(merge.contains("#SBATCH --output=\(study.folder)/slurm/logs/%j-merge.log"))
        #expect(scripts.submitCommand.contains("--dependency=afterany:"))
    }

    @Test func theTimeLimitIsEstimatedFromTheLargestTask() {
        #expect(SlurmResources.estimatedMinutes(bytes: 0, cpus: 1) == 10)
        // 100 weeks of AX3 at 100 Hz (258 MB each) in one task: 2,580 s at 10 MB/s, twice that, and 10 minutes.
        #expect(SlurmResources.estimatedMinutes(bytes: 25_800_000_000, cpus: 1) == 10 + 86)
        #expect(SlurmResources.slurmTime(minutes: 59) == "00:59:00")
        #expect(SlurmResources.slurmTime(minutes: 2 * 1440 + 61) == "2-01:01:00")
    }

    /// Slurm's commands as scripts in a folder put first on PATH.
    func fakeSlurm(_ folder: StudyFolder, scripts: [String: String]) throws -> SlurmClient {
        let bin = folder.root + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for (name, body) in scripts {
            try ("#!/bin/sh\n" + body + "\n").write(toFile: bin + "/" + name, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/" + name)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return SlurmClient(environment: environment)
    }

    @Test func theClientReadsMaxArraySizeTheQueueAndTheJobIds() throws {
        let folder = try StudyFolder()
        let log = folder.root + "/sbatch.log"
        let client = try fakeSlurm(folder, scripts: [
            "scontrol": "printf 'Configuration data as of 2026-01-01T00:00:00\\nMaxArraySize            = 40001\\nMaxJobCount = 10000\\n'",
            "squeue": "echo \"$@\" >> \(log).squeue; printf '1234\\n1234\\n1240\\n'",
            "sbatch": "echo \"$@\" >> \(log); echo 'sbatch: warning: a note' >&2; echo '4321;cluster-a'",
        ])
        #expect(client.maximumArraySize() == 40001)
        #expect(client.queuedJobs(named: "footfall-study") == ["1234", "1240"])
        #expect(try client.submit("/s/array.sbatch") == "4321")
        #expect(try client.submit("/s/merge.sbatch", options: ["--dependency=afterany:4321"]) == "4321")
        #expect(try folder.lines(log) == ["--parsable /s/array.sbatch", "--parsable --dependency=afterany:4321 /s/merge.sbatch"])
        #expect(try folder.lines(log + ".squeue")[0].contains("--name=footfall-study"))
    }

    @Test func withoutSlurmTheClientSaysNothingAndSubmittingFails() throws {
        let folder = try StudyFolder()
        let client = try fakeSlurm(folder, scripts: ["sbatch": "echo 'sbatch: error: Batch job submission failed: Invalid account' >&2; exit 1"])
        var environment = client.environment
        environment["PATH"] = folder.root + "/bin"
        let bare = SlurmClient(environment: environment)
        #expect(bare.maximumArraySize() == nil && bare.queuedJobs(named: "x") == nil)
        do {
            _ = try bare.submit("/s/array.sbatch")
            Issue.record("a failed sbatch gave a job")
        } catch {
            #expect(error.description.contains("Invalid account"), "\(error)")
        }
    }
}
