import Dispatch

/// Runs blocking work (SQLite reads and writes) on a dedicated queue, so it never occupies the
/// threads Swift concurrency and the socket share.
public struct BlockingExecutor: Sendable {
    let queue: DispatchQueue

    /// Creates an executor with its own serial queue.
    public init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `work` in the queue's turn but on the calling thread (`DispatchQueue.sync` runs the
    /// block on its caller when the queue is idle, so no worker thread is woken), waiting for
    /// work the queue is running; returns its result.
    public func runHere<Output>(_ work: () throws -> Output) rethrows -> Output {
        try queue.sync(execute: work)
    }

    /// Runs `work` on the queue and returns its result.
    public func run<Output: Sendable>(_ work: @escaping @Sendable () throws -> Output) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Swift.Result { try work() })
            }
        }
    }
}
