/// How the walking gate credits steps: the held steps of a walk once it is confirmed, the
/// steps of a walk going, and its step period as it follows the rhythm.
///
/// - Gaps are filled with whole steps at the walk's period (`StepSpacing.steps(in:period:)`):
///   a gap of two periods holds a faint step that made no peak, and is credited as two.
/// - Leading held candidates off the rhythm are dropped, and a small early bump before the
///   first step (shifting weight onto the stance leg) is not a step.
/// - While walking, a faint candidate counts only where a step is due, at most
///   `mostFaintStepsInARow` in a row; one early after the last step may be the walk's last
///   step (the feet come together), credited if nothing follows it.
/// - The period follows the rhythm estimate, with octave errors (an estimate of the stride,
///   or of half a step) folded back.
public struct StepCrediting: Sendable {
    /// The numbers that credit steps.
    public struct Configuration: Sendable, Equatable {
        /// The most faint peaks credited in a row while walking: the last steps of a walk are
        /// faint, but a string of faint bumps after it is fidgeting.
        public var mostFaintStepsInARow: Int = 2
        /// A first held candidate lower than this fraction of the next two, ...
        public var weightShiftHeight: Double = 0.5
        /// ...and closer than this many step periods to the next, is the weight shifting onto
        /// the stance leg before the first step, not a step.
        public var weightShiftGap: Double = 0.85
        /// A rhythm estimate more than this many times the walk's period...
        public var strideEstimateLow: Double = 1.6
        /// ...and less than this many times is the stride: the period is half of it. (Cadence
        /// drifts; it does not halve or double between two steps.)
        public var strideEstimateHigh: Double = 2.5
        /// A rhythm estimate more than this fraction of the walk's period...
        public var halfStepEstimateLow: Double = 0.4
        /// ...and less than this fraction is half a step: the period is twice it.
        public var halfStepEstimateHigh: Double = 0.625
        /// The most the walk's period follows the rhythm estimate in one step, as a ratio:
        /// cadence drifts by a few percent a step, so an estimate further off (and not an
        /// octave) is the estimate losing its way between step and stride, and is not followed.
        /// A run's wrist swings its arm once a stride, strongly: the estimate can wander from
        /// the step to the stride in two hops of 1.4 each, and every other step would be lost.
        public var mostPeriodChange: Double = 1.25
        /// Strong candidates in a row that come half a walk's period after the last (between
        /// `halfStepEstimateLow` and `halfStepEstimateHigh` of it) that show the period is a
        /// stride: it is halved, unless half of it is faster than anyone runs.
        /// Three, not two: with two, a phone in the hand on carpet, whose every step makes two
        /// bumps, was counted 248 steps for 195 (leaving people out, the phones' summed error
        /// +0.58 % against +0.16 % with three; running at the wrist counts the same).
        public var halfPeriodSteps: Int = 3
        /// ...and only when each strikes about as hard as the one before (the lower at least
        /// this fraction of the higher): a run's two feet strike alike, where a walk's second
        /// bump of one step (a phone in the hand at a slow pace) is the smaller.
        public var alikeStrikes: Double = 0.7
        /// The most steps a walk at the wrist started without a clear judgement withholds: they
        /// are credited once a judgement of the walk going finds it walking again
        /// (`WalkingDecision.Configuration.creditWithheldProbability`) or when it ends of itself
        /// (no step comes, the stream ends), and withdrawn if noes refuse it
        /// (`WalkingDecision.Configuration.refusedBelowProbability`: a hand at work that passed
        /// a start threshold at its margin, then failed). Past this many, the oldest is credited
        /// as the next comes. 0 credits every step as it comes. Leaving people out, 16 and 64
        /// differ by two tenths of the false steps an hour (docs/detector.md).
        public var mostStepsWithheld: Int = 64

        /// The defaults.
        public init() {}
    }

    /// What becomes of a faint candidate while walking.
    public enum FaintStep: Sendable, Equatable {
        /// A step where one was due: credited.
        case credited
        /// Early, off the rhythm: the walk's last step if nothing follows it.
        case lastStep
        /// Not a step.
        case ignored
    }

    /// The spacing of every walk's steps.
    public let spacing: StepSpacing
    /// The numbers.
    public let configuration: Configuration

    /// Creates the crediting from the detector's configuration.
    public init(configuration: DetectorConfiguration) {
        spacing = StepSpacing(configuration: configuration)
        self.configuration = configuration.crediting
    }

    /// The walk's step period updated with a new estimate: an estimate near twice or half
    /// the current period is an octave error of the step-or-stride call and is folded back;
    /// one further off than `mostPeriodChange` otherwise is not followed.
    public func followed(_ current: Double, by estimate: Double) -> Double {
        guard estimate > 0 else { return current }
        guard current > 0 else { return estimate }
        let ratio = estimate / current
        if ratio > configuration.strideEstimateLow && ratio < configuration.strideEstimateHigh { return estimate / 2 }
        if ratio > configuration.halfStepEstimateLow && ratio < configuration.halfStepEstimateHigh { return estimate * 2 }
        if ratio > configuration.mostPeriodChange || ratio < 1 / configuration.mostPeriodChange { return current }
        return estimate
    }

    /// Whether two strong candidates' heights are alike (`alikeStrikes`).
    public func strikeAlike(_ a: Double, _ b: Double) -> Bool {
        a > 0 && b > 0 && min(a, b) >= configuration.alikeStrikes * max(a, b)
    }

    /// Whether a gap between strong candidates is about half the walk's period.
    public func isHalfPeriod(gap: Double, period: Double) -> Bool {
        guard period > 0 else { return false }
        let ratio = gap / period
        return ratio > configuration.halfStepEstimateLow && ratio < configuration.halfStepEstimateHigh
    }

    /// The index of the first held candidate from `start` that is credited: leading candidates
    /// whose gap to the next is not a whole number of steps are dropped, and so is a first
    /// candidate that is the weight shifting before the first step (a smaller, earlier bump).
    public func firstCredited(of held: borrowing FixedRing<StepCandidate>, from start: Int, period: Double) -> Int {
        var first = start
        while held.count - first >= 2 {
            if spacing.isWholeSteps((held[first + 1].time - held[first].time) / period) { break }
            first += 1
        }
        if held.count - first >= 3,
           held[first].height < configuration.weightShiftHeight * min(held[first + 1].height, held[first + 2].height),
           (held[first + 1].time - held[first].time) / period < configuration.weightShiftGap {
            first += 1
        }
        return first
    }

    /// Credits the held candidates from `start` (`firstCredited`), filling the gaps with whole
    /// steps at `period`; a candidate too close to the previous one to be a step is skipped.
    /// - Parameter credit: receives each step's time and the period, in time order.
    public func creditHeld(_ held: borrowing FixedRing<StepCandidate>, from start: Int, period: Double,
                           credit: (Double, Double) -> Void) {
        let first = firstCredited(of: held, from: start, period: period)
        guard first < held.count else { return }
        var previous = held[first].time
        credit(previous, period)
        for i in (first + 1)..<held.count {
            let time = held[i].time
            guard let n = spacing.steps(in: time - previous, period: period) else { continue }
            fill(after: previous, to: time, steps: n, period: period, credit: credit)
            previous = time
        }
    }

    /// Credits `steps` whole steps evenly spaced after `previous`, the last at `time`.
    @inline(__always)
    public func fill(after previous: Double, to time: Double, steps: Int, period: Double, credit: (Double, Double) -> Void) {
        let gap = time - previous
        for k in 1...steps { credit(previous + gap * Double(k) / Double(steps), period) }
    }

    /// What becomes of a faint candidate while walking.
    /// - Parameters:
    ///   - steps: the steps its gap from the last step holds (`StepSpacing.steps(in:period:)`).
    ///   - gap: that gap, seconds.
    ///   - period: the walk's period.
    ///   - faintInARow: faint candidates credited in a row before it.
    ///   - onRhythm: whether it falls on the walk's rhythm.
    public func faintStep(steps: Int, gap: Double, period: Double, faintInARow: Int, onRhythm: Bool) -> FaintStep {
        if steps != 1 || faintInARow >= configuration.mostFaintStepsInARow { return .ignored }
        if onRhythm { return .credited }
        // Early, as the last step of a walk is (the feet come together).
        return gap >= spacing.shortestGap * period ? .lastStep : .ignored
    }
}
