import Dispatch
import FootfallService
#if canImport(Glibc)
import Glibc
#endif
import NIOConcurrencyHelpers

/// The process's first thread, lent to one of the daemon's blocking loops.
///
/// Under Swift's async main the first thread only waits for the process to end (libdispatch's
/// `dispatch_main` parks it in `sigsuspend`): a thread counted in the daemon's threads that
/// does nothing. footfalld's `main` instead runs the daemon as a task and lends this thread to
/// the first service that starts a loop with `starter` (the D-Bus service's; any later one gets
/// a new thread), and returns when the daemon's task has ended. So the daemon runs on its main
/// thread, one event loop thread, the sensor's thread and libdispatch's thread for signals.
/// The lent thread keeps the process's name ("footfalld" in `ps`, `pidof`, systemd): the
/// kernel names a process after its first thread, so it is not renamed after the loop.
final class MainThreadLoan: Sendable {
    /// The one loan of the process, given to the daemon by `DaemonEntryPoint`.
    static let shared = MainThreadLoan()

    struct State {
        var job: (@Sendable () -> Void)?
        var lent = false
        var finished = false
    }

    let state = NIOLockedValueBox(State())
    /// Signalled when a job was lent or the daemon finished.
    let wake = DispatchSemaphore(value: 0)

    /// Starts the first loop on the main thread, any later one on a new thread.
    var starter: ThreadStarter {
        ThreadStarter { name, body in
            let taken = self.state.withLockedValue { state -> Bool in
                guard !state.lent && !state.finished else { return false }
                state.lent = true
                state.job = body
                return true
            }
            if taken {
                self.wake.signal()
            } else {
                ThreadStarter.newThread(name: name, body)
            }
        }
    }

    /// Ends `serve()` once the loop lent, if any, has returned.
    func finish() {
        state.withLockedValue { $0.finished = true }
        wake.signal()
    }

    /// Runs what is lent, on the calling thread (the main thread), until `finish()`.
    /// Asynchronous signals are blocked on this thread first, as `dispatch_main` blocks them:
    /// they go to the threads that were started before, where service-lifecycle's handlers
    /// expect them.
    func serve() {
        var mask = sigset_t()
        sigfillset(&mask)
        for synchronous in [SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGBUS, SIGSEGV, SIGSYS, SIGPIPE, SIGPROF] {
            sigdelset(&mask, synchronous)
        }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        while true {
            wake.wait()
            let (job, finished) = state.withLockedValue { state in
                defer { state.job = nil }
                return (state.job, state.finished)
            }
            if let job {
                job()
            } else if finished {
                return
            }
        }
    }
}
