import Dispatch

/// Runs blocking work (SQLite reads and writes) on a dedicated queue, so it never occupies the
/// threads Swift concurrency and the socket share.
public struct BlockingExecutor: Sendable {
    let queue: DispatchQueue

    /// Creates an executor with its own serial queue.
    public init(label: String) {
        queue = DispatchQueue(label: label)
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
