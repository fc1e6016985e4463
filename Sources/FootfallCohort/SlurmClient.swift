import Foundation

/// Slurm's own commands, run as a user would: the cluster's MaxArraySize from `scontrol show
/// config`, the study's jobs still queued from `squeue`, and submissions with `sbatch`.
public struct SlurmClient: Sendable {
    /// The environment the commands run in (PATH finds them).
    public var environment: [String: String]

    /// A client of the Slurm on PATH.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// Why a Slurm command failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What was run and what it said.
        public var description: String
    }

    /// The cluster's MaxArraySize, or nil without a `scontrol` that answers.
    public func maximumArraySize() -> Int? {
        guard let output = try? run("scontrol", ["show", "config"]) else { return nil }
        for line in output.split(separator: "\n") where line.hasPrefix("MaxArraySize") {
            if let value = line.split(separator: "=").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) { return value }
        }
        return nil
    }

    /// The ids of the jobs named `name` still pending or running; nil without a `squeue`.
    public func queuedJobs(named name: String) -> [String]? {
        guard let output = try? run("squeue", ["--noheader", "--name=\(name)", "--states=PENDING,RUNNING,CONFIGURING,COMPLETING,SUSPENDED",
                                               "--format=%A"]) else { return nil }
        return Array(Set(output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { Int($0) != nil })).sorted()
    }

    /// Submits `script` (with `options` before it) and returns the job's id.
    /// - Throws: `Failure` with sbatch's message.
    public func submit(_ script: String, options: [String] = []) throws(Failure) -> String {
        let output = try run("sbatch", ["--parsable"] + options + [script])
        // --parsable prints "id" or "id;cluster", after any warning.
        for line in output.split(separator: "\n").reversed() {
            if let id = line.split(separator: ";").first, Int(id) != nil { return String(id) }
        }
        throw Failure(description: "sbatch answered '\(output.trimmingCharacters(in: .whitespacesAndNewlines))', not a job id")
    }

    /// Runs `command` found on PATH; what it printed, standard output and error together, when it succeeds.
    private func run(_ command: String, _ arguments: [String]) throws(Failure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        process.environment = environment
        // One pipe for both, read to its end before waiting, so that it never fills and blocks the command.
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch { throw Failure(description: "\(command): \(error.localizedDescription)") }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = text.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: "\(([command] + arguments).joined(separator: " ")) failed (status \(process.terminationStatus))"
                          + (message.isEmpty ? "" : ": \(message)"))
        }
        return text
    }
}
