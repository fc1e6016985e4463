import Foundation
import FootfallTestSupport
import Testing

/// `footfall cohort`, run as a user would: a folder of recordings to days.csv with plan, run
/// and merge; the Slurm scripts, submitted to an sbatch on PATH that records what it is given.
struct CohortCommandTests {
    /// A temporary folder with SampleTraces' device files in recordings/ (one of them also cut
    /// short), removed at the end.
    final class Folder {
        let root = NSTemporaryDirectory() + "footfall-cohort-cli-" + UUID().uuidString
        var recordings: String { root + "/recordings" }
        var study: String { root + "/study" }

        init() throws {
            try FileManager.default.createDirectory(atPath: recordings + "/site-b", withIntermediateDirectories: true)
            for name in ["ax3_sample.cwa", "ax6_sample.cwa", "gnactv_sample.bin"] {
                try FileManager.default.copyItem(atPath: SampleTracesLocation.path("devices/" + name), toPath: recordings + "/" + name)
            }
            try FileManager.default.copyItem(atPath: SampleTracesLocation.path("devices/ax3_sample.cwa"), toPath: recordings + "/site-b/P2.cwa")
            let whole = try Data(contentsOf: URL(fileURLWithPath: SampleTracesLocation.path("devices/ax3_sample.cwa")))
            try whole.prefix(100_000).write(to: URL(fileURLWithPath: recordings + "/site-b/broken.cwa"))
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func lines(_ path: String) throws -> [String] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        }
    }

    @Test func aFolderOfRecordingsBecomesTheDaysCountDaysPrintsWithTheirIds() throws {
        let folder = try Folder()
        let plan = try FootfallProcess.run(["cohort", "plan", folder.recordings, folder.study])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.hasPrefix("\(folder.study): 5 recordings (5 new), "))
        let run = try FootfallProcess.run(["cohort", "run", folder.study, "--shard", "0/1", "--jobs", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("footfall cohort run: shard 0/1 of \(folder.study): 5 recordings, 5 to do\n"))
        #expect(run.stderr.contains("site-b/broken failed: \(folder.recordings)/site-b/broken.cwa (byte 99840): the file is truncated"))
        let merge = try FootfallProcess.run(["cohort", "merge", folder.study, "--require-complete"])
        #expect(merge.status == 0)
        #expect(merge.stdout.hasPrefix("\(folder.study): 5 recordings: 4 done, 1 failed, 0 not yet run.\n"))
        // The same rows as one count over the same files, the id first.
        let paths = try folder.lines(folder.study + "/plan.csv").dropFirst().map { String($0.split(separator: ",")[1]) }
        let count = try FootfallProcess.run(["count", "--days", "--csv"] + paths.filter { !$0.hasSuffix("broken.cwa") })
        #expect(count.status == 0)
        let days = try folder.lines(folder.study + "/days.csv")
        let countLines = count.stdout.split(separator: "\n").map(String.init)
        #expect(days[0] == "id," + countLines[0])
        #expect(days.dropFirst().map { String($0.drop { $0 != "," }.dropFirst()) }.sorted() == countLines.dropFirst().sorted())
        #expect(days.dropFirst().map { String($0.prefix { $0 != "," }) }.sorted()
                == ["ax3_sample", "ax6_sample", "gnactv_sample", "site-b/P2"])
    }

    @Test func mergeSaysWhatIsNotYetRunAndFailsOnlyWhenAskedToRequireAll() throws {
        let folder = try Folder()
        _ = try FootfallProcess.run(["cohort", "plan", folder.recordings, folder.study])
        let merge = try FootfallProcess.run(["cohort", "merge", folder.study, "-o", folder.root + "/tables"])
        #expect(merge.status == 0)
        #expect(merge.stdout.hasPrefix("\(folder.study): 5 recordings: 0 done, 0 failed, 5 not yet run (such as "))
        #expect(FileManager.default.fileExists(atPath: folder.root + "/tables/days.csv"))
        let required = try FootfallProcess.run(["cohort", "merge", folder.study, "--require-complete"])
        #expect(required.status == 1)
        #expect(required.stdout.contains("Still to run: 5 recordings."))
    }

    @Test func runWithoutAShardSaysHowToGiveOne() throws {
        let folder = try Folder()
        _ = try FootfallProcess.run(["cohort", "plan", folder.recordings, folder.study])
        let run = try FootfallProcess.run(["cohort", "run", folder.study])
        #expect(run.status != 0)
        #expect(run.stderr.contains("Give --shard I/N"))
        let slurm = try FootfallProcess.run(["cohort", "run", folder.study], environment: ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "1"])
        #expect(slurm.status == 0, "\(slurm.stderr)")
        let bad = try FootfallProcess.run(["cohort", "run", folder.study, "--shard", "3/3"])
        #expect(bad.status != 0 && bad.stderr.contains("--shard"))
        let notAStudy = try FootfallProcess.run(["cohort", "run", folder.recordings, "--shard", "0/1"])
        #expect(notAStudy.status != 0 && notAStudy.stderr.contains("is not a study"))
    }

    @Test func slurmWritesTheScriptsAndSubmitsTheArrayThenTheMergeAfterIt() throws {
        let folder = try Folder()
        _ = try FootfallProcess.run(["cohort", "plan", folder.recordings, folder.study])
        let bin = folder.root + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let fakes = [
            "sbatch": "echo \"$@\" >> \(folder.root)/sbatch.log; wc -l < \(folder.root)/sbatch.log | tr -d ' ' | sed 's/^/70/'",
            "squeue": "exit 0",
            "scontrol": "echo 'MaxArraySize = 3'",
        ]
        for (name, body) in fakes {
            try ("#!/bin/sh\n" + body + "\n").write(toFile: bin + "/" + name, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/" + name)
        }
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let dry = try FootfallProcess.run(["cohort", "slurm", folder.study, "--mem", "2G", "--time", "1:30:00"], environment: ["PATH": path])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("array=$(sbatch --parsable \(folder.study)/slurm/array.sbatch) && sbatch --dependency=afterany:"))
        #expect(!FileManager.default.fileExists(atPath: folder.root + "/sbatch.log"))
        let array = try folder.lines(folder.study + "/slurm/array.sbatch")
        // MaxArraySize 3 from scontrol: three shards for five recordings.
        #expect(array.contains { $0.contains("--shard \"${SLURM_ARRAY_TASK_ID}/3\"") })
        #expect(array.contains("#SBATCH --mem=2048M") && array.contains("#SBATCH --time=01:30:00"))
        let tooMany = try FootfallProcess.run(["cohort", "slurm", folder.study, "--max-array-size", "4"], environment: ["PATH": path])
        #expect(tooMany.status != 0 && tooMany.stderr.contains("its MaxArraySize is 3"))
        let submit = try FootfallProcess.run(["cohort", "slurm", folder.study, "--submit"], environment: ["PATH": path])
        #expect(submit.status == 0, "\(submit.stderr)")
        #expect(submit.stdout.contains("Submitted the array as job 701 and the merge as job 702"))
        #expect(try folder.lines(folder.root + "/sbatch.log") == [
            "--parsable \(folder.study)/slurm/array.sbatch",
            "--parsable --dependency=afterany:701 \(folder.study)/slurm/merge.sbatch",
        ])
    }

    @Test func slurmOnAStudyWhoseJobsAreStillQueuedRefusesToSubmit() throws {
        let folder = try Folder()
        _ = try FootfallProcess.run(["cohort", "plan", folder.recordings, folder.study])
        let bin = folder.root + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\necho 4242\n".write(toFile: bin + "/squeue", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/squeue")
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let submit = try FootfallProcess.run(["cohort", "slurm", folder.study, "--submit", "--max-array-size", "10"], environment: ["PATH": path])
        #expect(submit.status != 0)
        #expect(submit.stderr.contains("jobs 4242 of this study are still queued or running"))
    }

    @Test func slurmOnAStudyAllDoneHasNothingToSubmit() throws {
        let folder = try Folder()
        _ = try FootfallProcess.run(["cohort", "plan", folder.recordings, folder.study])
        _ = try FootfallProcess.run(["cohort", "run", folder.study, "--shard", "0/1"])
        let slurm = try FootfallProcess.run(["cohort", "slurm", folder.study, "--max-array-size", "10"])
        #expect(slurm.status == 0)
        #expect(slurm.stdout.contains("every one of its 5 recordings is read or failed: nothing to submit"))
    }

    @Test func memoryAndTimeAreReadAsSbatchTakesThem() throws {
        let folder = try Folder()
        _ = try FootfallProcess.run(["cohort", "plan", folder.recordings, folder.study])
        for (arguments, line) in [(["--mem", "1500"], "#SBATCH --mem=1500M"), (["--mem", "1.5g"], "#SBATCH --mem=1536M"),
                                  (["--time", "90"], "#SBATCH --time=01:30:00"), (["--time", "1-12"], "#SBATCH --time=1-12:00:00"),
                                  (["--time", "2-03:04:05"], "#SBATCH --time=2-03:05:00")] {
            let result = try FootfallProcess.run(["cohort", "slurm", folder.study, "--max-array-size", "10"] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(try folder.lines(folder.study + "/slurm/array.sbatch").contains(line), "\(arguments)")
        }
        for bad in [["--mem", "lots"], ["--time", "1:2:3:4"], ["--time", "0"]] {
            #expect(try FootfallProcess.run(["cohort", "slurm", folder.study] + bad).status != 0, "\(bad)")
        }
    }
}
