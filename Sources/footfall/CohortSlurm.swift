import ArgumentParser
import Foundation
import FootfallCohort
import FootfallText

/// `footfall cohort slurm`: the array job and the merge job of a study, for Slurm.
struct CohortSlurm: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slurm",
        abstract: "Write a study's Slurm array job and the merge after it; submit them if asked.",
        discussion: """
        Writes slurm/array.sbatch, whose task I runs 'footfall cohort run STUDY --shard I/N', \
        and slurm/merge.sbatch, the merge, to start when the array ends however it ended \
        (--dependency=afterany). Each task logs to slurm/logs/ARRAYJOB_TASK.log. Prints the \
        sbatch command; --submit runs it.

        The array has a task per recording, up to the cluster's MaxArraySize (from 'scontrol \
        show config', else --max-array-size, else 1001); beyond it each task takes several \
        recordings. Only the tasks that still have recordings to do are in the array, so on \
        a study partly done (tasks killed, out of time, recordings added) it runs what is \
        left and nothing twice. The time limit, unless given, is estimated from the largest \
        task's bytes.

          footfall cohort slurm study/ --partition short --throttle 50 --submit
        """
    )

    @Argument(help: ArgumentHelp("The study's folder.", valueName: "study"))
    var study: String

    @Option(help: ArgumentHelp("N, the shards and tasks (default: a task per recording, up to MaxArraySize).", valueName: "n"))
    var tasks: Int?

    @Option(help: ArgumentHelp("CPUs per task; a task reads as many recordings at once.", valueName: "n"))
    var cpusPerTask = 1

    @Option(help: ArgumentHelp("Memory per task, as sbatch takes it: 1500M, 4G (default: 1G, and 512M per CPU beyond the first).",
                               valueName: "size"))
    var mem: SlurmMemory?

    @Option(help: ArgumentHelp("The time limit per task, as sbatch takes it: 90, 2:00:00, 1-12:00 (default: estimated).",
                               valueName: "time"))
    var time: SlurmTime?

    @Option(help: ArgumentHelp("Run at most this many tasks at once (the array's % throttle).", valueName: "n"))
    var throttle: Int?

    @Option(help: ArgumentHelp("The partition to queue in.", valueName: "name"))
    var partition: String?

    @Option(help: ArgumentHelp("The account to charge.", valueName: "name"))
    var account: String?

    @Option(name: .customLong("sbatch-option"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Another sbatch option for both jobs, as given (--sbatch-option=--qos=long); repeatable.", valueName: "option"))
    var sbatchOptions: [String] = []

    @Option(help: ArgumentHelp("At most this many tasks (default: the cluster's MaxArraySize from 'scontrol show config', else 1001).",
                               valueName: "n"))
    var maxArraySize: Int?

    @Option(help: ArgumentHelp("The footfall executable the tasks run (default: this one).", valueName: "path"))
    var footfall: String?

    @Flag(help: "Read the recordings that failed before again.")
    var retryFailed = false

    @Flag(help: "Submit the array and the merge with sbatch.")
    var submit = false

    func validate() throws {
        if let tasks, tasks < 1 { throw ValidationError("--tasks must be 1 or more.") }
        if cpusPerTask < 1 { throw ValidationError("--cpus-per-task must be 1 or more.") }
        if let throttle, throttle < 1 { throw ValidationError("--throttle must be 1 or more.") }
        if let maxArraySize, maxArraySize < 1 { throw ValidationError("--max-array-size must be 1 or more.") }
    }

    func run() throws {
        let client = SlurmClient()
        let study: Study
        let plan: SlurmArrayPlan
        do {
            study = try Study.open(self.study)
            let cluster = client.maximumArraySize()
            if let maxArraySize, let cluster, maxArraySize > cluster {
                throw CohortFailure(message: "--max-array-size \(maxArraySize) is more than this cluster allows: its MaxArraySize is \(cluster) (scontrol show config)")
            }
            let limit = maxArraySize ?? cluster ?? 1001
            plan = try SlurmArrayPlan.make(study: study, shardCount: tasks, maximumArraySize: limit, retryingFailures: retryFailed)
        } catch {
            throw CohortFailure(error)
        }
        let resources = SlurmResources(cpusPerTask: cpusPerTask, memoryMegabytes: mem?.megabytes, timeLimitMinutes: time?.minutes,
                                       throttle: throttle, partition: partition, account: account, otherOptions: sbatchOptions)
        let scripts = SlurmScripts(study: study.folder, executable: footfall.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
                                       ?? CohortSlurm.thisExecutable,
                                   plan: plan, resources: resources, retryingFailures: retryFailed)
        guard !plan.indices.isEmpty else {
            print("\(study.folder): every one of its \(NumberText.counting(plan.recordings, "recording")) is read or failed: nothing to submit. "
                  + "'footfall cohort merge \(study.folder)' writes the tables" + (retryFailed ? "." : "; --retry-failed runs the failed again."))
            return
        }
        do { try scripts.write() } catch { throw CohortFailure(error) }
        print("\(study.folder): \(NumberText.grouped(plan.toDo)) of \(NumberText.counting(plan.recordings, "recording")) to do, in "
              + "\(NumberText.counting(plan.indices.count, "task")) of \(plan.shardCount) (at most \(plan.mostPerTask) in one); "
              + "each task \(NumberText.counting(cpusPerTask, "CPU")), \(scripts.memoryMegabytes) MB, "
              + "\(SlurmResources.slurmTime(minutes: scripts.timeLimitMinutes)).")
        print("Wrote \(scripts.arrayPath) and \(scripts.mergePath).")
        guard submit else {
            print("Submit them with:\n  \(scripts.submitCommand)")
            return
        }
        if let queued = client.queuedJobs(named: scripts.jobName), !queued.isEmpty {
            throw CohortFailure(message:
                "jobs \(queued.joined(separator: ", ")) of this study are still queued or running (squeue --name=\(scripts.jobName)); "
                + "submitting now would read their recordings twice: wait for them, or scancel them, and run this again")
        }
        do {
            let array = try client.submit(scripts.arrayPath)
            let merge = try client.submit(scripts.mergePath, options: ["--dependency=afterany:\(array)"])
            print("Submitted the array as job \(array) and the merge as job \(merge), to start when the array ends.")
            print("Logs: \(scripts.logFolder)/\(array)_I.log; then the tables in \(study.folder) (footfall cohort merge writes them again).")
        } catch {
            throw CohortFailure(error)
        }
    }

    /// This executable's path.
    static var thisExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

/// A memory size as sbatch takes it: a number of megabytes, or with K, M, G or T.
struct SlurmMemory: ExpressibleByArgument {
    var megabytes: Int

    init?(argument: String) {
        let text = argument.uppercased()
        let units: [Character: Double] = ["K": 1.0 / 1024, "M": 1, "G": 1024, "T": 1024 * 1024]
        let (number, unit) = text.last.flatMap { units[$0] }.map { (text.dropLast(), $0) } ?? (Substring(text), 1)
        guard let value = Double(number), value > 0 else { return nil }
        megabytes = max(1, Int((value * unit).rounded(.up)))
    }
}

/// A time limit as sbatch takes it: minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS.
struct SlurmTime: ExpressibleByArgument {
    var minutes: Int

    init?(argument: String) {
        let dayParts = argument.split(separator: "-", omittingEmptySubsequences: false)
        guard dayParts.count <= 2 else { return nil }
        let days = dayParts.count == 2 ? Int(dayParts[0]) : 0
        let fields = dayParts.last!.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard let days, days >= 0, !fields.isEmpty, fields.count <= 3, fields.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
        let values = fields.map { $0! }
        let seconds: Int
        if dayParts.count == 2 {
            // D-HH, D-HH:MM, D-HH:MM:SS
            seconds = values[0] * 3600 + (values.count > 1 ? values[1] * 60 : 0) + (values.count > 2 ? values[2] : 0)
        } else {
            // MM, MM:SS, HH:MM:SS
            switch values.count {
            case 1: seconds = values[0] * 60
            case 2: seconds = values[0] * 60 + values[1]
            default: seconds = values[0] * 3600 + values[1] * 60 + values[2]
            }
        }
        minutes = days * 1440 + (seconds + 59) / 60
        guard minutes > 0 else { return nil }
    }
}
