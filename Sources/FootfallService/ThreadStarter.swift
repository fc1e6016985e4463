#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Starts a service's blocking loop (the sensor's reads, sd-bus's waits) on a thread: a new
/// one named for the kernel (`newThread`), or one the process lends (footfalld lends its main
/// thread, which would otherwise only wait for the process to end).
public struct ThreadStarter: Sendable {
    let start: @Sendable (_ name: String, _ body: @escaping @Sendable () -> Void) -> Void

    /// A starter that runs each loop where `start` puts it; `start` must return at once.
    public init(_ start: @escaping @Sendable (_ name: String, _ body: @escaping @Sendable () -> Void) -> Void) {
        self.start = start
    }

    /// A new thread per loop (a detached POSIX thread: nothing waits for it to end), named
    /// `name` where the kernel shows it (at most 15 bytes).
    public static let newThread = ThreadStarter { name, body in
        let work = Unmanaged.passRetained(ThreadWork(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            let work = Unmanaged<ThreadWork>.fromOpaque(argument).takeRetainedValue()
            nameForTheKernel(work.name)
            work.body()
            return nil
        }, work)
        // Without a thread the daemon cannot run this service at all: as Foundation's Thread
        // would, stop here rather than carry on half started.
        precondition(status == 0, "cannot start the thread \(name): error \(status)")
        pthread_detach(thread)
    }

    /// Runs `body` on a thread; returns at once.
    public func callAsFunction(name: String, _ body: @escaping @Sendable () -> Void) {
        start(name, body)
    }

    /// Names the calling thread where the kernel shows it (`/proc/PID/task/TID/comm`, top,
    /// tools/measure-daemon's per-thread figures); a thread otherwise inherits its creator's
    /// name. At most 15 bytes. (`pthread_setname_np` is a GNU extension Glibc's module leaves
    /// out; this is what it does.)
    static func nameForTheKernel(_ name: String) {
        guard let file = fopen("/proc/thread-self/comm", "w") else { return }
        fputs(String(name.utf8.prefix(15))!, file)
        fclose(file)
    }
}

/// What a new thread runs, handed to it through `pthread_create`'s argument.
private final class ThreadWork {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}
