import CFootfallConcurrencyHook
import NIOCore
import NIOPosix

/// Swift concurrency's jobs on footfalld's one event loop thread, instead of Dispatch's pool:
/// the daemon's tasks and its socket share a thread (fewer threads, fewer wakeups).
enum ConcurrencyOnTheEventLoop {
    /// The runtime's hook type, as NIO declares it.
    typealias EnqueueGlobalHook = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void

    /// Installs the event loop group's singleton as the global executor: NIO's way first
    /// (dlsym), which works with a shared runtime; with the runtime linked in, the same hook
    /// found by the linker (`CFootfallConcurrencyHook`). Call once, before any task runs.
    /// - Returns: whether jobs now run on the event loop.
    @discardableResult
    static func install() -> Bool {
        if NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor() { return true }
        guard let slot = footfall_swift_task_enqueue_global_hook(), slot.pointee == nil else { return false }
        let hook: EnqueueGlobalHook = { job, _ in
            MultiThreadedEventLoopGroup.singleton.any().executor.enqueue(ExecutorJob(job))
        }
        // The hook slot holds a plain function pointer: a thin function is one. Nothing else
        // runs yet, so a plain store suffices (NIO's compare-and-exchange guards against other
        // code doing the same, which footfalld has none of).
        withUnsafeTemporaryAllocation(of: EnqueueGlobalHook.self, capacity: 1) { buffer in
            buffer.baseAddress!.initialize(to: hook)
            slot.pointee = buffer.baseAddress!.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: 1) { $0.pointee }
        }
        return true
    }
}
