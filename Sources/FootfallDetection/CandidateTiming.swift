/// How evenly a stretch's candidate steps came, and how alike their heights were: a walker's
/// steps keep time within a few percent, a hand at work stops and starts.
public struct CandidateTiming: Sendable, Equatable {
    /// The standard deviation of the steps' durations over their mean, each gap between
    /// candidates read as a whole number of steps at the stretch's step period (at the wrist a
    /// step without a peak of its own leaves a gap of two): steps keep time even when some
    /// make no peak.
    public var gapVariation: Double
    /// The standard deviation of the candidates' heights over their mean (the faint last step
    /// of a finished walk is left out: it is faint by definition).
    public var heightVariation: Double

    /// Creates the timing.
    public init(gapVariation: Double, heightVariation: Double) {
        self.gapVariation = gapVariation
        self.heightVariation = heightVariation
    }

    /// The timing of `candidates` from `start` to the newest, and `extraTime` after it when
    /// given, at step period `period` (seconds; gaps are read as whole steps of it, at most
    /// `mostStepsPerGap`, `DetectorConfiguration.mostStepsPerGap`).
    public init(_ candidates: borrowing FixedRing<StepCandidate>, from start: Int, extraTime: Double? = nil, period: Double,
                mostStepsPerGap: Int) {
        var gapSum = 0.0, gapSquares = 0.0, gaps = 0.0
        var heightSum = 0.0, heightSquares = 0.0, heights = 0.0
        let last = candidates.count + (extraTime == nil ? 0 : 1)
        var previous = candidates[start].time
        for i in start..<last {
            let time = i < candidates.count ? candidates[i].time : (extraTime ?? 0)
            if i < candidates.count {
                let height = candidates[i].height
                heightSum += height
                heightSquares += height * height
                heights += 1
            }
            if i > start {
                let gap = time - previous
                let steps = period > 0 ? min(Double(mostStepsPerGap), max(1, (gap / period).rounded())) : 1
                let step = gap / steps
                gapSum += step
                gapSquares += step * step
                gaps += 1
            }
            previous = time
        }
        func variation(_ sum: Double, _ squares: Double, _ n: Double) -> Double {
            guard n >= 2, sum > 0 else { return 0 }
            let mean = sum / n
            return max(0, squares / n - mean * mean).squareRoot() / mean
        }
        gapVariation = variation(gapSum, gapSquares, gaps)
        heightVariation = variation(heightSum, heightSquares, heights)
    }
}
