import FootfallDetection

/// Times a CWA recording's samples from its blocks' timestamps, as OpenMovement's own reader
/// does: each block's timestamp belongs to one sample (the block's first index plus its
/// timestamp offset, which may lie before the block or past its end), and a sample is placed on
/// the line between the two timestamps around it.
///
/// Why not the configured rate from each block's timestamp: a device's real rate differs from
/// the configured one (a real AX3 set to 200 Hz runs at 197.2), so a 120-sample block counted at
/// 200 Hz ends 8 ms from where the next block's timestamp says; and an AX6 stamps the sample
/// after its block's last, so every sample of a block lies before its own timestamp.
///
/// Samples wait (at most a few blocks) until the timestamp after them is known. Where the line
/// between two timestamps is not believable (a rate more than 10 % from the configured one, time
/// going back, the rate changed: a gap in the recording or a clock set by hand), the samples
/// before the break keep the last believable rate from the timestamp before them. Blocks skipped
/// as damaged still count their samples' places, so the line runs across them.
struct CWASampleClock {
    /// Waiting samples, oldest first; `time` holds the sample's index in the recording until it
    /// is timed.
    private var waiting: UnsafeMutableBufferPointer<Sample>
    private(set) var waitingCount = 0
    /// The index the next sample will have.
    private(set) var nextIndex = 0
    private var anchor: (index: Double, time: Double)?
    private var configuredRate = 0.0
    /// The rate of the last believable line, or the configured one.
    private var rate = 1.0

    /// Blocks of samples that may wait: the first block's and the next ones' up to a timestamp
    /// far past them (an offset that large is damage, and is then timed at the last rate).
    static let capacity = 1024

    init() {
        waiting = .allocate(capacity: Self.capacity)
    }

    func deallocate() { waiting.deallocate() }

    /// Room for `count` more samples, timing the oldest at the last rate if the block's
    /// timestamps have not come.
    mutating func reserve(_ count: Int, _ emit: (Sample) -> Void) {
        if waitingCount + count > Self.capacity { release(upTo: .infinity, emit) }
    }

    /// A sample of the current block (call `reserve` first).
    @inline(__always) mutating func append(x: Double, y: Double, z: Double) {
        waiting[waitingCount] = Sample(time: Double(nextIndex), x: x, y: y, z: z)
        waitingCount += 1
        nextIndex += 1
    }

    /// The places of samples in a damaged block that was skipped.
    mutating func skip(_ count: Int) { nextIndex += count }

    /// A block's timestamp: `time` belongs to sample `blockStart + offset`. Times and hands on
    /// every waiting sample before it.
    mutating func stamp(blockStart: Int, offset: Double, time: Double, configuredRate configured: Double,
                        _ emit: (Sample) -> Void) {
        let index = Double(blockStart) + offset
        if let previous = anchor {
            let line = (index - previous.index) / (time - previous.time)
            if configured == configuredRate, time > previous.time, index > previous.index, abs(line / configured - 1) <= 0.1 {
                rate = line
                release(upTo: index, emit)
            } else {
                // A break: what came before it keeps the last rate; this block starts anew.
                release(upTo: Double(blockStart), emit)
                rate = configured
            }
        } else {
            rate = configured
        }
        anchor = (index, time)
        configuredRate = configured
    }

    /// Times and hands on every waiting sample (the end of the recording).
    mutating func finish(_ emit: (Sample) -> Void) {
        release(upTo: .infinity, emit)
    }

    /// Times and hands on the waiting samples with an index below `limit`, from the last
    /// timestamp at the current rate.
    private mutating func release(upTo limit: Double, _ emit: (Sample) -> Void) {
        guard let anchor else { return }
        var released = 0
        while released < waitingCount, waiting[released].time < limit {
            var sample = waiting[released]
            sample.time = anchor.time + (sample.time - anchor.index) / rate
            emit(sample)
            released += 1
        }
        guard released > 0 else { return }
        let rest = waitingCount - released
        if rest > 0 {
            waiting.baseAddress!.update(from: waiting.baseAddress! + released, count: rest)
        }
        waitingCount = rest
    }
}
