import Foundation

/// What this process has cost the machine so far, from the kernel: read system calls
/// (/proc/self/io syscr), voluntary context switches, which are the times it went to sleep
/// and was woken (/proc/self/status), CPU time and the peak resident memory (getrusage). For
/// `count --device -v` and `cohort run`'s last line.
struct ProcessCosts {
    var readCalls: Int
    var wakeups: Int
    var cpuSeconds: Double
    /// The most memory the process has held resident so far, megabytes (not a difference).
    var peakMegabytes = 0.0

    static func now() -> ProcessCosts {
        var reads = 0, wakeups = 0
        if let io = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) {
            reads = io.split(separator: "\n").first { $0.hasPrefix("syscr:") }
                .flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
        }
        // All threads: the process's wakeups include the sensor thread's.
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        for task in tasks {
            if let status = try? String(contentsOfFile: "/proc/self/task/\(task)/status", encoding: .utf8) {
                wakeups += status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
                    .flatMap { Int($0.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "") } ?? 0
            }
        }
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return ProcessCosts(readCalls: reads, wakeups: wakeups, cpuSeconds: cpu, peakMegabytes: Double(usage.ru_maxrss) / 1024)
    }

    static func - (a: ProcessCosts, b: ProcessCosts) -> ProcessCosts {
        ProcessCosts(readCalls: a.readCalls - b.readCalls, wakeups: a.wakeups - b.wakeups, cpuSeconds: a.cpuSeconds - b.cpuSeconds,
                     peakMegabytes: a.peakMegabytes)
    }
}
