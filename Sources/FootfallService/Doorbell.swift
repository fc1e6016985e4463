/// Wakes one waiting task from any thread, without a timer: rings that come while the task is
/// busy fold into one, so the task runs once per batch of news at most, and not at all
/// without news.
public final class Doorbell: Sendable {
    /// The rings, for the one task that waits on them; ends when the waiting task is cancelled.
    public let rings: AsyncStream<Void>
    let continuation: AsyncStream<Void>.Continuation

    /// Creates a doorbell.
    public init() {
        (rings, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Wakes the waiting task (or makes its next wait return at once). Never blocks.
    public func ring() {
        continuation.yield()
    }
}
