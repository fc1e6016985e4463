import NIOCore
import NIOPosix

/// footfalld's `main`. Before anything runs: one event loop thread (a Unix socket with a few
/// clients needs no more), which also runs Swift concurrency's jobs, so the daemon's tasks and
/// its socket share one thread instead of waking the global pool's threads and an event loop
/// per core (fewer threads, fewer wakeups: docs/costs.md). Then argument-parser's own main, as a
/// task, while the main thread serves the loop it is lent (`MainThreadLoan`).
@main
enum DaemonEntryPoint {
    static func main() {
        NIOSingletons.groupLoopCountSuggestion = 1
        ConcurrencyOnTheEventLoop.install()
        let loan = MainThreadLoan.shared
        // Detached: `main` is on the main actor, whose queue nobody drains here (the main
        // thread is lent, not given to `dispatch_main`).
        Task.detached {
            await Footfalld.main(nil)
            loan.finish()
        }
        loan.serve()
    }
}
