/// How evenly a stretch's candidate steps came, and how alike their heights were: a walker's
/// steps keep time within a few percent, a hand at work stops and starts.
public struct CandidateTiming: Sendable, Equatable {
    /// The standard deviation of the gaps between candidates over their mean.
    public var gapVariation: Double
    /// The standard deviation of the candidates' heights over their mean (the faint last step
    /// of a finished walk is left out: it is faint by definition).
    public var heightVariation: Double

    /// Creates the timing.
    public init(gapVariation: Double, heightVariation: Double) {
        self.gapVariation = gapVariation
        self.heightVariation = heightVariation
    }

    /// The timing of `candidates` from `start` to the newest, and `extraTime` after it when given.
    public init(_ candidates: borrowing FixedRing<StepCandidate>, from start: Int, extraTime: Double? = nil) {
        var gapSum = 0.0, gapSquares = 0.0, gaps = 0.0
        var heightSum = 0.0, heightSquares = 0.0, heights = 0.0
        var previous = candidates[start].time
        for i in start..<candidates.count {
            let c = candidates[i]
            heightSum += c.height
            heightSquares += c.height * c.height
            heights += 1
            if i > start {
                let gap = c.time - previous
                gapSum += gap
                gapSquares += gap * gap
                gaps += 1
            }
            previous = c.time
        }
        if let extra = extraTime {
            let gap = extra - previous
            gapSum += gap
            gapSquares += gap * gap
            gaps += 1
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
