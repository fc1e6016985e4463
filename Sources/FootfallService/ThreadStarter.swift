// Foundation (not FoundationEssentials alone) for Thread.
import Foundation

/// Starts a service's blocking loop (the sensor's reads, sd-bus's waits) on a thread: a new
/// one named for the kernel (`newThread`), or one the process lends (footfalld lends its main
/// thread, which would otherwise only wait for the process to end).
public struct ThreadStarter: Sendable {
    let start: @Sendable (_ name: String, _ body: @escaping @Sendable () -> Void) -> Void

    /// A starter that runs each loop where `start` puts it; `start` must return at once.
    public init(_ start: @escaping @Sendable (_ name: String, _ body: @escaping @Sendable () -> Void) -> Void) {
        self.start = start
    }

    /// A new thread per loop, named `name` where the kernel shows it (at most 15 bytes).
    public static let newThread = ThreadStarter { name, body in
        let thread = Thread {
            Thread.nameForTheKernel(name)
            body()
        }
        thread.name = name
        thread.start()
    }

    /// Runs `body` on a thread; returns at once.
    public func callAsFunction(name: String, _ body: @escaping @Sendable () -> Void) {
        start(name, body)
    }
}
