/// The rhythm of the filtered signal: its step period, and how periodic it is.
public struct Rhythm: Sendable, Equatable {
    /// The estimated time between steps, seconds; 0 when unknown.
    public var stepPeriod: Double
    /// Normalised autocorrelation at the signal's fundamental period, -1 ... 1: near 1 for
    /// steady walking, near 0 for noise, gestures and most vehicle motion.
    public var strength: Double

    /// No rhythm.
    public static let none = Rhythm(stepPeriod: 0, strength: 0)
}

/// Tracks the autocorrelation of the band-passed signal over lags up to a few seconds, with an
/// exponential forgetting of a few seconds, and reads the step period off it.
///
/// Why: on the wrist the arm swing makes the signal repeat once per stride, with the step in
/// between often too faint for a peak of its own; a phone in one pocket does the same. Peaks
/// alone then miss every other step. The autocorrelation finds the fundamental period L (the
/// smallest lag whose correlation comes close to the best one). Is L a step or a stride? Half
/// a step later the signal is in anti-phase (correlation near -1), while half a stride later
/// it is one step on and correlates positively or weakly: so L is a stride, and the step
/// period L/2, when the correlation at L/2 is high enough. How high depends on L, since
/// cadence is evidence too: from `strideEvidence` at `shortestStride` down to -1 at
/// `longestStepPeriod`. Outside that range the cadence alone decides. On the development data
/// the typical correlation at L/2 is -0.46 to -0.95 for steps and -0.16 to 0.48 for strides.
///
/// Work per frame: one multiply-add per lag (56 at 25 Hz and 2.2 s), in single precision and
/// eight lags at a time. The forgetting is not applied to every sum every frame:
/// new products are weighted up by a growing gain instead, and only ratios of sums are read,
/// in which the common scale cancels; the sums are brought back down when the gain gets large.
/// Storage allocated once.
public struct PeriodicityTracker: Sendable {
    /// Lags kept, padded to a multiple of 8.
    let lagCount: Int
    /// One past the longest lag searched: the longest stride.
    let searchEnd: Int
    let shortestLag: Int
    let longestStepLag: Double
    let shortestStrideLag: Double
    let strideEvidence: Double
    let growth: Float
    let closeness: Double
    let rate: Double
    /// History written twice, at i and i + lagCount, so the last `lagCount` values are contiguous.
    var history: [Float]
    var position = 0
    /// Autocorrelation sums, all scaled by the same unknown factor.
    var sums: [Float]
    /// The weight of the newest product; grows by 1/decay each frame.
    var gain: Float = 1
    var framesSeen = 0

    /// Creates the stage from the detector's configuration.
    public init(configuration: DetectorConfiguration) {
        rate = configuration.processingRateHz
        // A whole number of SIMD8 vectors, so the update needs no scalar tail.
        let lags = Int((configuration.longestStride.inSeconds * rate).rounded(.up)) + 2
        lagCount = (lags + 7) / 8 * 8
        searchEnd = lags - 1
        shortestLag = max(2, Int((configuration.minimumStepInterval.inSeconds * rate).rounded(.down)))
        longestStepLag = configuration.longestStepPeriod.inSeconds * rate
        shortestStrideLag = configuration.shortestStride.inSeconds * rate
        strideEvidence = configuration.strideEvidence
        growth = Float(exponential(1 / (configuration.rhythmMemory.inSeconds * rate)))
        closeness = configuration.fundamentalCloseness
        history = Array(repeating: 0, count: 2 * lagCount)
        sums = Array(repeating: 0, count: lagCount)
    }

    /// Forgets everything (after a gap).
    public mutating func reset() {
        for i in history.indices { history[i] = 0 }
        for i in sums.indices { sums[i] = 0 }
        gain = 1
        position = 0
        framesSeen = 0
    }

    /// Adds one filtered frame.
    public mutating func process(_ value: Double) {
        let sample = Float(value)
        position = position == 0 ? lagCount - 1 : position - 1
        let count = lagCount
        let start = position
        gain *= growth
        let weighted = sample * gain
        history.withUnsafeMutableBufferPointer { h in
            h[start] = sample
            h[start + count] = sample
            let past = UnsafeRawPointer(h.baseAddress! + start)
            sums.withUnsafeMutableBytes { s in
                // past[k] is the value k frames ago; eight lags per step. The first eight take
                // the sample from its register and the seven before it from memory: a vector
                // load of the float just stored waits for the store to reach the cache.
                let low = past.loadUnaligned(fromByteOffset: MemoryLayout<Float>.stride, as: SIMD4<Float>.self)
                let high = past.loadUnaligned(fromByteOffset: 4 * MemoryLayout<Float>.stride, as: SIMD4<Float>.self)
                let newest = SIMD8(sample, low[0], low[1], low[2], high[0], high[1], high[2], high[3])
                let first = s.loadUnaligned(as: SIMD8<Float>.self)
                s.storeBytes(of: first + weighted * newest, as: SIMD8<Float>.self)
                var offset = MemoryLayout<SIMD8<Float>>.stride
                let end = count * MemoryLayout<Float>.stride
                while offset < end {
                    let lagged = past.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                    let sum = s.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                    s.storeBytes(of: sum + weighted * lagged, toByteOffset: offset, as: SIMD8<Float>.self)
                    offset += MemoryLayout<SIMD8<Float>>.stride
                }
            }
        }
        if gain > 1_048_576 {
            let scale = 1 / gain
            for k in 0..<count { sums[k] *= scale }
            gain = 1
        }
        framesSeen += 1
    }

    /// The current rhythm estimate.
    public var rhythm: Rhythm {
        guard framesSeen > lagCount, sums[0] > 0 else { return .none }
        let energy = Double(sums[0])
        var best: Float = -1
        for k in shortestLag..<searchEnd { best = max(best, sums[k]) }
        guard best > 0 else { return .none }
        // The smallest lag that is a local maximum and comes close to the best correlation.
        var chosen = -1
        for k in shortestLag..<searchEnd
        where sums[k] >= sums[k - 1] && sums[k] >= sums[k + 1] && Double(sums[k]) >= closeness * Double(best) {
            chosen = k
            break
        }
        guard chosen > 0 else { return .none }
        let left = Double(sums[chosen - 1]), centre = Double(sums[chosen]), right = Double(sums[chosen + 1])
        let curvature = left - 2 * centre + right
        let shift = curvature < 0 ? 0.5 * (left - right) / curvature : 0
        let lag = Double(chosen) + shift
        let isStride = lag > longestStepLag
            || (lag >= shortestStrideLag && correlation(at: lag / 2) > strideThreshold(lag: lag))
        return Rhythm(stepPeriod: (isStride ? lag / 2 : lag) / rate, strength: centre / energy)
    }

    /// The correlation at half the fundamental above which the fundamental is a stride. It
    /// falls from `strideEvidence` at the shortest stride to -1 at the longest step: a long
    /// fundamental is more likely a stride (a step every second is a very slow walk), so it
    /// takes less evidence.
    func strideThreshold(lag: Double) -> Double {
        let span = max(longestStepLag - shortestStrideLag, 1)
        let fraction = min(max((lag - shortestStrideLag) / span, 0), 1)
        return strideEvidence - fraction * (strideEvidence + 1)
    }

    /// Normalised autocorrelation at a fractional lag, by linear interpolation.
    func correlation(at lag: Double) -> Double {
        let below = Int(lag)
        guard below + 1 < lagCount, sums[0] > 0 else { return 0 }
        let fraction = lag - Double(below)
        return (Double(sums[below]) * (1 - fraction) + Double(sums[below + 1]) * fraction) / Double(sums[0])
    }
}
