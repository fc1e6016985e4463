/// Turns a scalar signal sampled at irregular times into one at a fixed rate.
///
/// Each output value is the mean of the input's piecewise-linear interpolant over one output
/// period (a box filter in continuous time), stamped at the centre of that period. Coming
/// down from 100-400 Hz this averages every input sample that falls in the period, which is
/// the anti-aliasing the later low-pass needs; going up from 12.5 Hz it interpolates. Jittery
/// timestamps are handled exactly because the integral follows the real times.
///
/// Rate: any input rate; output at `outputRateHz`. Latency: up to one output period plus half
/// a period of group delay (the stamps account for the half period). Push a sample, then
/// drain `nextOutput()`: at most one output per period of input time.
/// A silence longer than `maximumGap` seconds starts a new segment: nothing is interpolated
/// across it and `push` reports it so the stages downstream can reset.
public struct BinAveragingResampler: Sendable {
    /// The output period, seconds.
    public let period: Double
    /// The longest silence bridged by interpolation, seconds.
    public let maximumGap: Double

    var origin = 0.0
    var binIndex = 0
    var binEnd = 0.0
    var accumulated = 0.0
    var started = false

    /// Creates a resampler.
    /// - Parameters:
    ///   - outputRateHz: the fixed output rate, Hz.
    ///   - maximumGap: the longest silence bridged by interpolation, seconds.
    public init(outputRateHz: Double, maximumGap: Double) {
        precondition(outputRateHz > 0, "output rate must be positive")
        period = 1 / outputRateHz
        self.maximumGap = maximumGap
    }

    /// What happened to the stream on a push.
    public enum Continuity: Sendable, Equatable {
        /// The sample continued the current segment.
        case continued
        /// The sample started a new segment: the first one, or after a gap or a clock jump.
        case restarted
        /// The sample was dropped: its time did not advance past the previous one.
        case ignored
    }

    mutating func restart(time: Double, value: Double) {
        origin = time
        binIndex = 0
        binEnd = time + period
        accumulated = 0
        segmentStart = time
        segmentStartValue = value
        segmentEnd = time
        segmentEndValue = value
        cursor = time
        cursorValue = value
        started = true
    }

    var segmentEnd = 0.0
    var segmentEndValue = 0.0
    var cursor = 0.0
    var cursorValue = 0.0

    /// Feeds one input sample. Then call `nextOutput()` until it returns nil to collect every
    /// output period the sample completed.
    /// - Parameters:
    ///   - time: seconds, on the input's clock.
    ///   - value: the signal's value at `time`.
    /// - Returns: whether the sample continued the segment, restarted it, or was ignored.
    @discardableResult
    @inline(__always)
    public mutating func push(time: Double, value: Double) -> Continuity {
        guard started else {
            restart(time: time, value: value)
            return .restarted
        }
        let span = time - segmentEnd
        if !(span > 0) {
            return .ignored
        }
        if span > maximumGap {
            restart(time: time, value: value)
            return .restarted
        }
        // Close the part of the previous segment not yet integrated (it ends inside the bin).
        // The slope is needed only when a bin ends inside this segment: `nextOutput` works it
        // out then, so most samples cost no division.
        cursor = segmentEnd
        cursorValue = segmentEndValue
        segmentStart = segmentEnd
        segmentStartValue = segmentEndValue
        segmentEnd = time
        segmentEndValue = value
        return .continued
    }

    var segmentStart = 0.0
    var segmentStartValue = 0.0

    /// Pushes `samples` from `start` on, for as long as each one continues the segment, and
    /// collects every output period they complete: what `push` and then `nextOutput` until nil
    /// do with each such sample, the same arithmetic in the same order, with the state kept in
    /// registers. The first sample that does not continue the segment (it starts a new one or
    /// is ignored) is left to `push`.
    /// - Parameters:
    ///   - samples: the input.
    ///   - start: the index of the first sample to push.
    ///   - value: the signal's value at a sample.
    ///   - pushed: called with each sample pushed, in order, after the periods it completed.
    ///   - completed: called with each output period completed, in order: its centre time and
    ///     the signal's integral over it (the mean times `period`: `nextOutput`'s value is this
    ///     divided by `period`, left to the caller so the division need not wait here).
    /// - Returns: the index of the first sample not pushed (`samples.count` when all were).
    @inline(__always)
    mutating func pushContinuing(_ samples: UnsafeBufferPointer<Sample>, from start: Int,
                                 value: (Sample) -> Double, pushed: (Sample) -> Void,
                                 completed: (Double, Double) -> Void) -> Int {
        guard started else { return start }
        var index = start
        var end = segmentEnd, endValue = segmentEndValue
        var previousEnd = segmentStart, previousEndValue = segmentStartValue
        var sum = accumulated
        var cursor = self.cursor, cursorValue = self.cursorValue
        var binEnd = self.binEnd, binIndex = self.binIndex
        let period = self.period, origin = self.origin, maximumGap = self.maximumGap
        while index < samples.count {
            let sample = samples[index]
            let span = sample.time - end
            // As `push`: a sample that does not advance, or comes after a gap, is not this path's.
            guard span > 0, !(span > maximumGap) else { break }
            let newValue = value(sample)
            if binEnd > sample.time {
                // `push`, then `nextOutput` integrating from the cursor (the segment's old end).
                sum += 0.5 * (endValue + newValue) * span
                previousEnd = end
                previousEndValue = endValue
                end = sample.time
                endValue = newValue
                cursor = end
                cursorValue = endValue
            } else {
                // `push`.
                cursor = end
                cursorValue = endValue
                previousEnd = end
                previousEndValue = endValue
                end = sample.time
                endValue = newValue
                // `nextOutput` until nil.
                while !(binEnd > end) {
                    let slope = (endValue - previousEndValue) / (end - previousEnd)
                    let binValue = previousEndValue + slope * (binEnd - previousEnd)
                    sum += 0.5 * (cursorValue + binValue) * (binEnd - cursor)
                    completed(binEnd - 0.5 * period, sum)
                    sum = 0
                    cursor = binEnd
                    cursorValue = binValue
                    binIndex += 1
                    // Bin edges from the origin, not by repeated addition, so they never drift.
                    binEnd = origin + Double(binIndex + 1) * period
                }
                if cursor < end {
                    sum += 0.5 * (cursorValue + endValue) * (end - cursor)
                    cursor = end
                    cursorValue = endValue
                }
            }
            pushed(sample)
            index += 1
        }
        if index > start {
            segmentStart = previousEnd
            segmentStartValue = previousEndValue
            segmentEnd = end
            segmentEndValue = endValue
            self.cursor = cursor
            self.cursorValue = cursorValue
            accumulated = sum
            self.binEnd = binEnd
            self.binIndex = binIndex
        }
        return index
    }

    /// The next output period completed by the samples pushed so far: its centre time and the
    /// signal's mean over it; nil when the current period is still open.
    @inline(__always)
    public mutating func nextOutput() -> (time: Double, value: Double)? {
        guard started else { return nil }
        if binEnd > segmentEnd {
            // Integrate the rest of the segment into the open period, once.
            if cursor < segmentEnd {
                accumulated += 0.5 * (cursorValue + segmentEndValue) * (segmentEnd - cursor)
                cursor = segmentEnd
                cursorValue = segmentEndValue
            }
            return nil
        }
        let slope = (segmentEndValue - segmentStartValue) / (segmentEnd - segmentStart)
        let endValue = segmentStartValue + slope * (binEnd - segmentStart)
        accumulated += 0.5 * (cursorValue + endValue) * (binEnd - cursor)
        let output = (time: binEnd - 0.5 * period, value: accumulated / period)
        accumulated = 0
        cursor = binEnd
        cursorValue = endValue
        binIndex += 1
        // Bin edges from the origin, not by repeated addition, so they never drift.
        binEnd = origin + Double(binIndex + 1) * period
        return output
    }
}
