import FootfallDetection

/// Collects a reader's samples into batches of a fixed size and hands each full batch on: the
/// loop every reader shares. A value with a buffer it owns (no reference counting on the
/// per-sample path); the reader calls `deallocate()` when done.
struct SampleBatcher {
    private let buffer: UnsafeMutableBufferPointer<Sample>
    private var filled = 0
    /// Samples added so far.
    private(set) var produced = 0

    init(batchSize: Int) {
        buffer = .allocate(capacity: max(1, batchSize))
    }

    func deallocate() { buffer.deallocate() }

    /// Adds a sample, handing the batch to `body` when it is full.
    @inline(__always) mutating func add(_ sample: Sample, _ body: (UnsafeBufferPointer<Sample>) -> Void) {
        buffer[filled] = sample
        filled += 1
        produced += 1
        if filled == buffer.count {
            body(UnsafeBufferPointer(buffer))
            filled = 0
        }
    }

    /// Hands on the last, partial batch.
    /// - Returns: how many samples were added.
    /// - Throws: `TraceError.noSamples` when none was: a recording without samples is refused.
    mutating func finish(path: String, _ body: (UnsafeBufferPointer<Sample>) -> Void) throws(TraceError) -> Int {
        if filled > 0 { body(UnsafeBufferPointer(rebasing: buffer[0..<filled])) }
        filled = 0
        if produced == 0 { throw TraceError(path: path, reason: .noSamples) }
        return produced
    }
}
