import Foundation
import FootfallAnalysis

/// Which task wrote a part, for the tables' `task` and `host` columns and the logs: a Slurm
/// array task (`1234_5`), a Kubernetes indexed Job's pod (`index 5`), or a shard run by hand.
public struct TaskIdentity: Sendable, Equatable {
    /// `1234_5`, `index 5` or `shard 5/8`.
    public var name: String
    /// The machine's name.
    public var host: String

    /// Creates an identity.
    public init(name: String, host: String) {
        self.name = name
        self.host = host
    }

    /// The task `environment` describes, running `shard`.
    public init(environment: [String: String], shard: Shard) {
        if let job = environment["SLURM_ARRAY_JOB_ID"], let task = environment["SLURM_ARRAY_TASK_ID"] {
            name = "\(job)_\(task)"
        } else if let job = environment["SLURM_JOB_ID"] {
            name = job
        } else if let index = environment["JOB_COMPLETION_INDEX"] {
            name = "index \(index)"
        } else {
            name = "shard \(shard)"
        }
        host = ProcessInfo.processInfo.hostName
    }
}
