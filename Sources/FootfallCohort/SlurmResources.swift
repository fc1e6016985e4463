/// What each task of a study's array asks Slurm for, and where it queues.
public struct SlurmResources: Sendable, Equatable {
    /// CPUs per task; a task reads as many recordings at once.
    public var cpusPerTask: Int
    /// Memory per task, megabytes; nil for `defaultMemory(cpus:)`.
    public var memoryMegabytes: Int?
    /// The time limit per task, minutes; nil for an estimate from the largest task's bytes.
    public var timeLimitMinutes: Int?
    /// At most this many tasks at once (sbatch's `%` throttle); nil for no limit.
    public var throttle: Int?
    /// The partition.
    public var partition: String?
    /// The account charged.
    public var account: String?
    /// Other sbatch options, each written as an `#SBATCH` line as given (`--qos=long`).
    public var otherOptions: [String]

    /// One CPU, the default memory, an estimated time limit, no throttle.
    public init(cpusPerTask: Int = 1, memoryMegabytes: Int? = nil, timeLimitMinutes: Int? = nil, throttle: Int? = nil,
                partition: String? = nil, account: String? = nil, otherOptions: [String] = []) {
        self.cpusPerTask = cpusPerTask
        self.memoryMegabytes = memoryMegabytes
        self.timeLimitMinutes = timeLimitMinutes
        self.throttle = throttle
        self.partition = partition
        self.account = account
        self.otherOptions = otherOptions
    }

    /// The memory a task asks for when not told: a reader holds a week in tens of megabytes
    /// (docs/cohorts.md has the measured peak), so 1 GB leaves room, and 512 MB more per CPU
    /// beyond the first.
    public static func defaultMemory(cpus: Int) -> Int { 1024 + 512 * (cpus - 1) }

    /// The throughput the time limit is estimated with, bytes of recording per second and
    /// CPU: a few times slower than measured (docs/cohorts.md), for slow disks and slow nodes.
    public static let estimatedBytesPerSecond = 10_000_000.0

    /// The time limit a task with `bytes` of recordings to read gets when not told, minutes:
    /// twice the estimate at `estimatedBytesPerSecond`, and 10 minutes more.
    public static func estimatedMinutes(bytes: Int64, cpus: Int) -> Int {
        let seconds = Double(bytes) / (estimatedBytesPerSecond * Double(max(1, cpus)))
        return 10 + Int((2 * seconds / 60).rounded(.up))
    }

    /// A time limit as sbatch takes it: `HH:MM:SS`, or `D-HH:MM:SS` from a day on.
    public static func slurmTime(minutes: Int) -> String {
        let days = minutes / 1440, hours = minutes % 1440 / 60, rest = minutes % 60
        let clock = (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest):00"
        return days > 0 ? "\(days)-" + clock : clock
    }
}
