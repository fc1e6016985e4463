import Foundation
import FootfallText

/// The two batch scripts `footfall cohort slurm` writes into the study's `slurm/` folder: the
/// array (`array.sbatch`), whose task I runs `footfall cohort run STUDY --shard I/N`, and the
/// merge (`merge.sbatch`), submitted to start once the array has ended however it ended
/// (`--dependency=afterany`). Each task logs to `slurm/logs/ARRAYJOB_TASK.log` (`%A_%a`).
public struct SlurmScripts: Sendable, Equatable {
    /// The study.
    public var study: String
    /// The `footfall` executable the tasks run, an absolute path.
    public var executable: String
    /// The array's plan.
    public var plan: SlurmArrayPlan
    /// What each task asks for.
    public var resources: SlurmResources
    /// Whether tasks read recordings that failed before again.
    public var retryingFailures: Bool

    /// Creates the scripts of `plan` for the study in the folder `study`.
    public init(study: String, executable: String, plan: SlurmArrayPlan, resources: SlurmResources, retryingFailures: Bool) {
        self.study = study
        self.executable = executable
        self.plan = plan
        self.resources = resources
        self.retryingFailures = retryingFailures
    }

    /// The array script's file.
    public var arrayPath: String { study + "/slurm/array.sbatch" }
    /// The merge script's file.
    public var mergePath: String { study + "/slurm/merge.sbatch" }
    /// The folder of the logs.
    public var logFolder: String { study + "/slurm/logs" }

    /// The array's job name: `footfall-` and the study folder's name; the merge's adds `-merge`.
    public var jobName: String {
        let name = (study as NSString).lastPathComponent
        return "footfall-" + String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
    }

    /// The memory each task asks for, megabytes.
    public var memoryMegabytes: Int { resources.memoryMegabytes ?? SlurmResources.defaultMemory(cpus: resources.cpusPerTask) }

    /// Each task's time limit, minutes.
    public var timeLimitMinutes: Int {
        resources.timeLimitMinutes ?? SlurmResources.estimatedMinutes(bytes: plan.mostBytesPerTask, cpus: resources.cpusPerTask)
    }

    /// The shell command that submits the array, then the merge after it.
    public var submitCommand: String {
        "array=$(sbatch --parsable \(Shell.quoted(arrayPath))) && sbatch --dependency=afterany:${array%%;*} \(Shell.quoted(mergePath))"
    }

    /// The array script.
    public var arrayScript: String {
        var lines = [
            "#!/bin/bash",
            "# footfall cohort slurm: the array of the study \(study).",
            "# \(NumberText.counting(plan.recordings, "recording")) in \(plan.shardCount) shards (--shard I/\(plan.shardCount)). This array",
            "# runs the \(NumberText.counting(plan.indices.count, "task")) with recordings to do: \(NumberText.grouped(plan.toDo)) in all, "
                + "at most \(plan.mostPerTask) (\(megabytes(plan.mostBytesPerTask))) in one.",
            "# Submit it and the merge after it with:",
            "#   " + submitCommand,
            "#SBATCH --job-name=\(jobName)",
            "#SBATCH --array=\(plan.arraySpecification(throttle: resources.throttle))",
        ]
        lines += resourceLines(cpus: resources.cpusPerTask, minutes: timeLimitMinutes, output: logFolder + "/%A_%a.log")
        let command = "exec \(Shell.quoted(executable)) cohort run \(Shell.quoted(study)) --shard \"${SLURM_ARRAY_TASK_ID}/\(plan.shardCount)\""
            + " --jobs \"${SLURM_CPUS_PER_TASK:-1}\"" + (retryingFailures ? " --retry-failed" : "")
        return (lines + [command]).joined(separator: "\n") + "\n"
    }

    /// The merge script.
    public var mergeScript: String {
        var lines = [
            "#!/bin/bash",
            "# footfall cohort slurm: the merge of the study \(study), submitted to start when the array",
            "# ends (--dependency=afterany): days.csv, recordings.csv and failures.csv in the study.",
            "#SBATCH --job-name=\(jobName)-merge",
        ]
        // The merge reads every part once: a few minutes for 100,000 recordings.
        lines += resourceLines(cpus: 1, minutes: 30 + plan.recordings / 2000, output: logFolder + "/%j-merge.log", memory: 1024)
        return (lines + ["exec \(Shell.quoted(executable)) cohort merge \(Shell.quoted(study))"]).joined(separator: "\n") + "\n"
    }

    private func resourceLines(cpus: Int, minutes: Int, output: String, memory: Int? = nil) -> [String] {
        var lines = [
            "#SBATCH --cpus-per-task=\(cpus)",
            "#SBATCH --mem=\(memory ?? memoryMegabytes)M",
            "#SBATCH --time=\(SlurmResources.slurmTime(minutes: minutes))",
            "#SBATCH --output=" + (output.contains(" ") ? "\"\(output)\"" : output),
        ]
        if let partition = resources.partition { lines.append("#SBATCH --partition=\(partition)") }
        if let account = resources.account { lines.append("#SBATCH --account=\(account)") }
        lines += resources.otherOptions.map { "#SBATCH \($0)" }
        return lines
    }

    private func megabytes(_ bytes: Int64) -> String {
        bytes >= 10_000_000 ? "\(NumberText.grouped(Int(bytes / 1_000_000))) MB" : formatted(Double(bytes) / 1e6, decimals: 1) + " MB"
    }

    /// Writes both scripts, and makes the log folder.
    public func write() throws(StudyError) {
        do {
            try FileManager.default.createDirectory(atPath: logFolder, withIntermediateDirectories: true)
        } catch {
            throw .file(logFolder, "cannot make the folder: \(error.localizedDescription)")
        }
        try AtomicFile.write(arrayScript, to: arrayPath)
        try AtomicFile.write(mergeScript, to: mergePath)
    }
}
