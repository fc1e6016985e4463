/// A peak of the filtered signal that may be a step.
public struct StepCandidate: Sendable, Equatable {
    /// Time of the peak, seconds on the input's clock (before `stepTimeOffset`).
    public var time: Double
    /// Height of the peak above zero, m/s².
    public var height: Double
    /// Whether the peak clears the full threshold. Fainter peaks (above the walking floor)
    /// only count while walking, and only on the rhythm.
    public var isStrong: Bool

    /// Creates a candidate.
    public init(time: Double, height: Double, isStrong: Bool) {
        self.time = time
        self.height = height
        self.isStrong = isStrong
    }
}

/// Finds one candidate step per cycle of the band-passed magnitude.
///
/// The filtered signal swings around zero, one cycle per step. Each positive lobe (from an
/// upward to a downward zero crossing) yields at most one candidate: its highest point,
/// refined by a parabola through the three samples around it. The threshold adapts: a lobe is
/// a strong candidate when its height clears both an absolute floor and a fraction of an
/// envelope that follows the recent peaks and decays with a half-life, so it suits a phone in
/// a bag and one held in the hand alike. Fainter lobes, down to the walking floor, are passed
/// on marked weak: the last steps of a walk are faint. Lobes closer than the minimum step
/// interval are merged, keeping the higher, so a candidate waits that long before release.
public struct PeakDetector: Sendable {
    let minimumHeight: Double
    let relativeThreshold: Double
    let minimumWalkingHeight: Double
    let walkingRelativeThreshold: Double
    let decayPerSample: Double
    let minimumInterval: Double
    let period: Double

    var previous = 0.0
    var beforePrevious = 0.0
    var samplesSeen = 0
    var lobeIsPositive = false
    var lobePeak = 0.0
    var lobePeakTime = 0.0
    /// The peak envelope, m/s².
    public internal(set) var envelope = 0.0
    var held: StepCandidate?
    /// Candidates released and not yet collected (at most two per sample).
    var outbox = FixedRing<StepCandidate>(capacity: 4)

    /// Creates the stage from the detector's configuration.
    public init(configuration: DetectorConfiguration) {
        minimumHeight = configuration.minimumPeak
        relativeThreshold = configuration.relativeThreshold
        minimumWalkingHeight = configuration.minimumWalkingPeak
        walkingRelativeThreshold = configuration.walkingRelativeThreshold
        period = 1 / configuration.processingRateHz
        let halfLifeSamples = configuration.envelopeHalfLife.inSeconds * configuration.processingRateHz
        decayPerSample = exponential(-0.6931471805599453 / max(halfLifeSamples, 1))
        minimumInterval = configuration.minimumStepInterval.inSeconds
    }

    /// The height a lobe must reach now to be a strong candidate, m/s².
    public var threshold: Double { max(minimumHeight, relativeThreshold * envelope) }

    /// The height a lobe must reach now to be a candidate at all, m/s².
    public var walkingThreshold: Double { max(minimumWalkingHeight, walkingRelativeThreshold * envelope) }

    /// The earliest time a candidate not yet released can have, or +infinity: the one held
    /// for merging, or the lobe still open once its peak so far clears the walking threshold
    /// (a higher peak later in the lobe only comes later). Whether a walk has stopped by now
    /// is a question about the candidates up to now, and these are among them though not
    /// yet out.
    public var earliestPendingTime: Double {
        min(held?.time ?? .infinity, lobeIsPositive && lobePeak >= walkingThreshold ? lobePeakTime : .infinity)
    }

    /// Forgets the signal (after a gap); keeps nothing held.
    public mutating func reset() {
        previous = 0
        beforePrevious = 0
        samplesSeen = 0
        lobeIsPositive = false
        lobePeak = 0
        envelope = 0
        held = nil
        outbox.removeAll()
    }

    /// The next candidate released, oldest first, or nil.
    public mutating func nextCandidate() -> StepCandidate? { outbox.removeFirst() }

    /// Feeds one filtered sample stamped `time`. Then collect candidates with `nextCandidate()`.
    public mutating func process(time: Double, value: Double) {
        envelope *= decayPerSample
        if samplesSeen >= 2 && previous > beforePrevious && previous >= value && previous > lobePeak {
            // A local maximum at the previous sample: refine it with a parabola.
            let curvature = beforePrevious - 2 * previous + value
            let shift = curvature < 0 ? 0.5 * (beforePrevious - value) / curvature : 0
            lobePeak = previous - 0.25 * (beforePrevious - value) * shift
            lobePeakTime = time - period + shift * period
        }
        if lobeIsPositive {
            if value <= 0 {
                lobeIsPositive = false
                closeLobe()
            }
        } else if value > 0 {
            lobeIsPositive = true
            lobePeak = value
            lobePeakTime = time
        }
        if let candidate = held, time - candidate.time >= minimumInterval, !lobeIsPositive {
            held = nil
            outbox.append(candidate)
        }
        beforePrevious = previous
        previous = value
        samplesSeen += 1
    }

    /// Judges a finished lobe.
    mutating func closeLobe() {
        let height = lobePeak
        // Judge against the envelope before this peak raises it.
        let strong = height >= threshold
        let candidate = height >= walkingThreshold
        if height > envelope { envelope = height }
        guard candidate else { return }
        offer(StepCandidate(time: lobePeakTime, height: height, isStrong: strong))
    }

    mutating func offer(_ candidate: StepCandidate) {
        if let current = held {
            if candidate.time - current.time < minimumInterval {
                if candidate.height > current.height { held = candidate }
                return
            }
            outbox.append(current)
        }
        held = candidate
    }

    /// Releases the candidate still held, at the end of the stream or a segment.
    public mutating func flush() {
        // A lobe still open when the stream ends is judged on what it reached.
        if lobeIsPositive {
            lobeIsPositive = false
            closeLobe()
        }
        if let candidate = held {
            held = nil
            outbox.append(candidate)
        }
    }
}
