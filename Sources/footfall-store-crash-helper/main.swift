// footfall-store-crash-helper: exists only for FootfallStoreTests' crash test, which SIGKILLs
// it at random moments and then checks the database.
//
//     footfall-store-crash-helper DIRECTORY SEED
//
// Opens the store in DIRECTORY, prints "ready T" (the lifetime total found), then, until
// killed, writes a small random batch (drawn from SEED) every 2 ms, printing "pending N" (the
// batch's steps) before the write and "committed T" (the new lifetime total) once it returned.
// Each line is one write(2), unbuffered, so the test knows what was committed when the kill struck.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FootfallRandom
import FootfallGoals
import FootfallStore
import FootfallVocabulary
import Logging

/// Writes one line to a file descriptor with a single system call.
func say(_ line: String, to descriptor: Int32 = STDOUT_FILENO) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let seed = UInt64(arguments[2]) else {
    say("usage: footfall-store-crash-helper DIRECTORY SEED", to: STDERR_FILENO)
    exit(64)
}
var random = SeededRandom(seed: seed)
let logger = Logger(label: "footfall.store.crash-helper", factory: { _ in SwiftLogNoOpLogHandler() })

do {
    let store = try FootfallDatabase.open(directory: arguments[1], logger: logger)
    var total = try store.lifetimeTotal()
    say("ready \(total)")
    // Two hours of minutes over two days, so minutes are revisited (as after a clock jump
    // back) and batches touch one or two days.
    let firstMinute: Int64 = 1_795_302_000  // 2026-11-21T23:00:00Z
    let november21 = try LocalDay(year: 2026, month: 11, day: 21), november22 = november21.next
    while true {
        var batch = StoreBatch()
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let start = firstMinute + 60 * Int64.random(in: 0..<120, using: &random)
            let day = start < firstMinute + 3600 ? november21 : november22
            let steps = Int.random(in: 1...30, using: &random)
            let source = SensorBackend.allCases.randomElement(using: &random)!
            batch.minutes.append(MinuteDelta(start: start, source: source, day: day, steps: steps,
                                             cadenceSum: Double(steps) * 110))
            batch.dayGoals[day] = 8000
        }
        if Int.random(in: 0..<10, using: &random) == 0 {
            batch.milestones.append(MilestoneRecord(day: november22, milestone: .multiple(Int.random(in: 1...5, using: &random)),
                                                    steps: total, goal: 8000, reachedAt: Double(firstMinute)))
            batch.goalChanges.append(GoalChange(effectiveAt: Double(firstMinute), goal: 8000, changedBy: 1000))
        }
        say("pending \(batch.steps)")
        try store.write(batch)
        total += batch.steps
        say("committed \(total)")
        usleep(2000)
    }
} catch {
    say("footfall-store-crash-helper: \(error)", to: STDERR_FILENO)
    exit(1)
}
