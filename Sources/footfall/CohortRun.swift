import ArgumentParser
import Foundation
import FootfallAnalysis
import FootfallCohort
import FootfallText

/// `footfall cohort run`: one task's share of a study.
struct CohortRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Read the recordings of one shard of a study, leaving a part for each.",
        discussion: """
        Reads every recording of shard I of N (those whose id hashes to I) that is still to \
        do, as 'footfall count --days' reads it, and writes its part in the study: its days \
        and its record, or its failure (the byte and the reason) when it cannot be read; \
        then the task goes on to the next. Each part is written whole or not at all.

        A recording whose part is there for the same file (the same size and modification \
        time) is passed over, so a task killed or out of time continues where it stopped \
        when it runs again. One that failed is passed over too, unless --retry-failed; one \
        whose file changed is read again. A line of progress goes to stderr per recording.

        I and N come from --shard I/N; else I from $SLURM_ARRAY_TASK_ID (a Slurm array \
        task) or $JOB_COMPLETION_INDEX (a Kubernetes indexed Job), and N from \
        --shard-count, $SLURM_ARRAY_TASK_COUNT or the plan's --shard-count. The whole \
        study on this machine, eight recordings at once:

          footfall cohort run study/ --shard 0/1 --jobs 8

        The status is 0 when every recording of the shard was read or recorded as failed.
        """
    )

    @Argument(help: ArgumentHelp("The study's folder ('footfall cohort plan' makes it).", valueName: "study"))
    var study: String

    @Option(help: ArgumentHelp("Read shard I of N (0 <= I < N); 0/1 is the whole study.", valueName: "I/N"))
    var shard: Shard?

    @Option(name: .customLong("shard-count"), help: ArgumentHelp("N, when I comes from the environment.", valueName: "n"))
    var shardCount: Int?

    @Option(help: ArgumentHelp("Recordings read at once, one per core (default: $SLURM_CPUS_PER_TASK, else 1).", valueName: "n"))
    var jobs: Int?

    @Flag(help: "Read the recordings that failed before again (their files unchanged).")
    var retryFailed = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more.") }
        if let shardCount, shardCount < 1 { throw ValidationError("--shard-count must be 1 or more.") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let start = ProcessCosts.now()
        let study: Study
        let shard: Shard
        do {
            study = try Study.open(self.study)
            shard = try Shard.resolve(given: self.shard, count: shardCount, study: study, environment: environment)
        } catch {
            throw CohortFailure(error)
        }
        let jobs = self.jobs ?? environment["SLURM_CPUS_PER_TASK"].flatMap { Int($0) } ?? 1
        let run = ShardRun(study: study, shard: shard, jobs: jobs, retryingFailures: retryFailed,
                           task: TaskIdentity(environment: environment, shard: shard))
        let summary: ShardRun.Summary
        do {
            summary = try run.run { event in CohortRun.report(event, shard: shard, study: study) }
        } catch {
            throw CohortFailure(error)
        }
        let costs = ProcessCosts.now() - start
        CohortRun.log("shard \(shard): \(NumberText.grouped(summary.read)) read, \(NumberText.grouped(summary.failed)) failed in "
                      + "\(formatted(summary.seconds, decimals: 1)) s (CPU \(formatted(costs.cpuSeconds, decimals: 1)) s, "
                      + "peak memory \(formatted(costs.peakMegabytes, decimals: 0)) MB)")
    }

    static func report(_ event: ShardRun.Event, shard: Shard, study: Study) {
        switch event {
        case .started(let recordings, let done, let failed, let toDo):
            var line = "shard \(shard) of \(study.folder): \(NumberText.counting(recordings, "recording")), \(NumberText.grouped(toDo)) to do"
            if done > 0 { line += ", \(NumberText.grouped(done)) read before" }
            if failed > 0 { line += ", \(NumberText.grouped(failed)) failed before (--retry-failed reads them again)" }
            log(line)
        case .read(let number, let toDo, let entry, let days, let steps, let seconds):
            log("[\(number)/\(toDo)] \(entry.id): \(NumberText.counting(days, "day")), \(NumberText.counting(steps, "step")), \(formatted(seconds, decimals: 1)) s")
        case .failed(let number, let toDo, let entry, let error):
            log("[\(number)/\(toDo)] \(entry.id) failed: \(error)")
        }
    }

    static func log(_ line: String) {
        FileHandle.standardError.write(Data("footfall cohort run: \(line)\n".utf8))
    }
}
