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
        /// Strong candidates in a row that come between one and two of the walk's periods after
        /// the last (further than `DetectorConfiguration.rhythmTolerance` from both) show that
        /// the period is not the walk's step: no walk strikes every one and a half steps, but
        /// a rhythm estimate can lock onto a third of a wrist's stride. The candidates are the
        /// steps, and the period becomes their gap. Three, as `halfPeriodSteps`.
        public var betweenStepsGaps: Int = 3
        /// A stretch whose vertical motion repeats half the walk's period on, a period on and
        /// two periods on (its correlations there, `vertical_half_step`, `vertical_step` and
        /// `vertical_stride`, each at least this) was measured at a stride: a walker's body
        /// rises and falls once a step, so its vertical motion is at its opposite half a step
        /// on (about -0.7 on real walks, above 0.3 in fewer than two in a hundred of their
        /// stretches), and repeats there only when the period is two steps. The period is
        /// halved, and the stretch measured again at it (a wrist's arm swing, strong once a
        /// stride, leads the step's rhythm there). A stretch whose motion repeats half a period
        /// on but not two periods on is not that steady: left alone.
        public var strideVerticalRepeat: Double = 0.3
        /// ...and only a period this long or longer: a walk's stride (0.95 to 1.4 s in the
        /// stretches of real walks that repeat so), not a hand's strokes (a clap repeats so at
        /// 0.6 to 0.65 s, and halving it would propose a step for every clap).
        public var shortestStrideHalved: Duration = .milliseconds(900)

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

    /// Whether a stretch measured at `period` was measured at a stride: its vertical motion
    /// repeats half a period, a period and two periods on (`strideVerticalRepeat`), and the
    /// period is a walk's stride (`shortestStrideHalved`).
    public func measuredAtAStride(_ features: WalkingFeatures, period: Double) -> Bool {
        let v = features.values, least = configuration.strideVerticalRepeat
        return v[WalkingFeatures.verticalHalfStepLane] >= least && v[WalkingFeatures.verticalStepLane] >= least
            && v[WalkingFeatures.verticalStrideLane] >= least && period >= configuration.shortestStrideHalved.inSeconds
    }

    /// Whether two strong candidates' heights are alike (`alikeStrikes`).
    public func strikeAlike(_ a: Double, _ b: Double) -> Bool {
        a > 0 && b > 0 && min(a, b) >= configuration.alikeStrikes * max(a, b)
    }

    /// Whether a gap between strong candidates is neither one nor two of the walk's periods,
    /// but between them: further than `tolerance` periods from both.
    public func isBetweenSteps(gap: Double, period: Double, tolerance: Double) -> Bool {
        guard period > 0 else { return false }
        let ratio = gap / period
        return ratio > 1 + tolerance && ratio < 2 - tolerance
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
        let (first, weightShift) = firstCreditedAndWeightShift(of: held, extra: nil, from: start, period: period)
        return weightShift ? first + 1 : first
    }

    /// The first held candidate from `start` on the rhythm, and whether it is the weight
    /// shifting before the first step (then the one after it is the first credited).
    func firstCreditedAndWeightShift(of held: borrowing FixedRing<StepCandidate>, extra: StepCandidate? = nil,
                                     from start: Int, period: Double) -> (first: Int, weightShift: Bool) {
        let count = held.count + (extra == nil ? 0 : 1)
        var first = start
        while count - first >= 2 {
            let next = first + 1 < held.count ? held[first + 1].time : extra?.time ?? 0
            if spacing.isWholeSteps((next - held[first].time) / period) { break }
            first += 1
        }
        guard count - first >= 3 else { return (first, false) }
        let second = held[first + 1]
        let thirdHeight = first + 2 < held.count ? held[first + 2].height : extra?.height ?? 0
        let weightShift = held[first].height < configuration.weightShiftHeight * min(second.height, thirdHeight)
            && (second.time - held[first].time) / period < configuration.weightShiftGap
        return (first, weightShift)
    }

    /// What crediting a held candidate gave it.
    public enum HeldCredit: Sendable, Equatable {
        /// Whole steps evenly spaced after `after`, the last at the candidate (the first
        /// credited candidate is one step, after its own time).
        case steps(Int, after: Double)
        /// Not a step, and why.
        case refused(CandidateOutcome.Reason)
    }

    /// Credits the held candidates from `start` at `period`, and `extra` after them (a finished
    /// walk's faint last step), saying of every one, the ones before `start` included, what it
    /// was credited: the leading candidates off the rhythm and the weight shift are not steps
    /// (`firstCredited`), the gaps after the first credited are filled with whole steps, and a
    /// candidate too close to the previous one to be a step is a second bump.
    /// - Parameter each: receives each candidate's index (`held.count` for `extra`) and credit, in order.
    public func creditHeld(_ held: borrowing FixedRing<StepCandidate>, extra: StepCandidate? = nil, from start: Int,
                           period: Double, each: (Int, HeldCredit) -> Void) {
        let count = held.count + (extra == nil ? 0 : 1)
        let (onRhythm, weightShift) = firstCreditedAndWeightShift(of: held, extra: extra, from: start, period: period)
        let first = weightShift ? onRhythm + 1 : onRhythm
        for i in 0..<min(first, count) {
            each(i, .refused(weightShift && i == onRhythm ? .weightShift : .beforeWalk))
        }
        guard first < count else { return }
        var previous = first < held.count ? held[first].time : extra?.time ?? 0
        each(first, .steps(1, after: previous))
        for i in (first + 1)..<count {
            let time = i < held.count ? held[i].time : extra?.time ?? 0
            guard let n = spacing.steps(in: time - previous, period: period) else {
                each(i, .refused(.secondBump))
                continue
            }
            each(i, .steps(n, after: previous))
            previous = time
        }
    }

    /// Credits the held candidates from `start` (`creditHeld(_:from:period:each:)`), step by step.
    /// - Parameter credit: receives each step's time and the period, in time order.
    public func creditHeld(_ held: borrowing FixedRing<StepCandidate>, from start: Int, period: Double,
                           credit: (Double, Double) -> Void) {
        creditHeld(held, from: start, period: period) { i, result in
            if case .steps(let n, let after) = result {
                fill(after: after, to: held[i].time, steps: n, period: period, credit: credit)
            }
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
