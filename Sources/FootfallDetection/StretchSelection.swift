/// Which stretches of held candidate steps the walking gate asks the walking decision about,
/// and when: pure functions over the candidates and the little the gate remembers.
///
/// - **Short walk**: the longest run of evenly spaced strong candidates ending with the newest
///   (`evenRunStart`: no gap a sprint's or a pause, the longest at most `mostUnevenGaps` times
///   the shortest), once it holds `shortWalkSteps`, its newest `longestShortWalk` at most;
///   judged at the candidates' mean gap, or at the rhythm's step when they come a stride apart
///   (`shortWalkLag`).
/// - **Finished short walk**: a run that ended on a faint step where the next step was due,
///   judged once it is over, with the stillness before its first step and after its last.
/// - **Resumed**: within the bout gap of a run's end, the last few gaps each a whole number of
///   its steps.
/// - **Rhythm**: `confirmationSteps` in a row on the rhythm of a periodic signal.
/// - **Still walking**: while a run is followed, its last `judgementSteps` strong steps, every
///   `judgementInterval` strong steps.
///
/// `StepDetector`'s probes (what the walking model learns from) measure their stretches with
/// the same `hasWalkingGaps` and `shortWalkLag`.
public struct StretchSelection: Sendable {
    /// The numbers that choose the stretches.
    public struct Configuration: Sendable, Equatable {
        /// Steps in a row that confirm a walk on their own, when their spacing and the motion
        /// look like walking (the rhythm path needs `confirmationSteps`); at least 3.
        public var shortWalkSteps: Int = 4
        /// A short walk is judged over at most this many of its run's strong candidates, the
        /// newest, and credited from there: the walking model learned from stretches of 4 and
        /// 8, and the start of a longer run (the stance shifting as someone gets up) is not a
        /// walk's. Leaving people out, 8 against the whole run: clapping 90 to 74 false steps
        /// an hour, up-and-go at the wrist 15 to 13 executions without a step, nothing worse.
        public var longestShortWalk: Int = 8
        /// The most the longest gap of a short walk may exceed its shortest, as a ratio: uneven
        /// steps (a slow walker, a turn) are welcome, a burst and a pause are not.
        public var mostUnevenGaps: Double = 2.0
        /// Candidates whose mean gap is within this many step periods of two steps come a
        /// stride apart (a faint step between each, a wrist's arm swing): they are judged at
        /// the rhythm's step, not at their gap.
        public var strideSpacingTolerance: Double = 0.3
        /// A run ending on faint steps is judged as a finished short walk when it holds from
        /// `shortWalkSteps - 1` to `shortWalkSteps + finishedWalkExtraSteps` strong candidates
        /// (a longer run was asked about as a short walk on its way).
        public var finishedWalkExtraSteps: Int = 3
        /// The earliest a finished walk's faint last step may come after its last strong one,
        /// in step periods (the feet coming together make an early last step).
        public var finishedWalkLastStepEarliest: Double = 0.6
        /// The latest it may come, in step periods.
        public var finishedWalkLastStepLatest: Double = 1.5
        /// Standing before a finished walk is measured from this long before its first step...
        public var stillBeforeStart: Duration = .milliseconds(1200)
        /// ...to this long before it (the stance before the first step moves a little).
        public var stillBeforeEnd: Duration = .milliseconds(500)
        /// Standing after it is measured from this long after its last step...
        public var stillAfterStart: Duration = .milliseconds(400)
        /// ...to this long after it.
        public var stillAfterEnd: Duration = .milliseconds(1200)
        /// Regular steps in a row on a periodic signal's rhythm that are asked about as a walk
        /// (the path long walks with an irregular start take); at least 1. A phone in a pocket
        /// strikes hard on the near leg's step and faintly on the far one's, so a short walk's
        /// strong steps come unevenly and its rhythm is what shows it.
        public var confirmationSteps: Int = 5
        /// Steps at the last run's pace, the first included, that are asked about as a resumed
        /// walk (within the bout gap, `DetectorConfiguration.boutGap`, of its end); at least 2.
        public var resumeConfirmationSteps: Int = 3
        /// How far, in the last walk's step periods, each gap of a resuming walk may be from a
        /// whole number of its steps.
        public var resumeGapTolerance: Double = 0.4
        /// While a run is followed, the last this many strong steps are judged again (at least 3)...
        public var judgementSteps: Int = 8
        /// ...at every this-many-th strong step (at least 1): stretches that abut, each strong
        /// step judged once, about every four seconds at a walk. The bout's decision weighs each
        /// with its neighbours, so a stretch that dips does not end a walk, and stretches that
        /// do not overlap are closer to the independent observations it takes them for. A
        /// judgement (about 2.4 us) costs about what four seconds of 100 Hz samples do.
        public var judgementInterval: Int = 8
        /// While a run followed is young (fewer strong steps than this), its last short walk's
        /// worth of strong steps is judged every `earlyJudgementInterval` strong steps: a
        /// short walk that came straight out of standing up and ends turning to sit down (an
        /// up-and-go's) is judged on its steps between, as well as on the rising and the turn.
        public var youngRunSteps: Int = 16
        /// How often a young run is judged, in strong steps (at least 1).
        public var earlyJudgementInterval: Int = 2
        /// A run whose bout is this sure it walks (the log-odds of walking from the bout's
        /// stretches judged so far, `BoutDecoder`'s forward pass, in nats) is judged as a grown
        /// one even while young (every `judgementInterval` strong steps, over its latest
        /// `judgementSteps`), and is not judged once more as it ends: its last steps wait on
        /// the stretch before. A young run's frequent judgements are there to find a short
        /// walk in evidence that barely leans walking; once the bout leans this far (odds of
        /// 150 to 1), a stretch more would hardly undo the walk, and judging it costs what a
        /// second of samples does.
        public var sureOfWalking: Double = 5
        /// A run that ends with at least this many strong steps since its last stretch judged
        /// has its latest strong steps judged once more, so its last steps are decided by a
        /// stretch that holds them (at least 1), unless its bout is sure it walks
        /// (`sureOfWalking`).
        public var finalJudgementSteps: Int = 2
        /// A walk judged only after it ended (`finishedShortWalk`) must have started and ended
        /// quieter than it walked: the motion in the second before its first step and after
        /// its last is at most this fraction of the steps' own (rms of the vertical step-band
        /// motion). Real short walks start as their walker gets up (the up-and-go's walks come
        /// straight out of standing up), so the bound is the steps' own motion.
        public var finishedWalkStillness: Double = 1.0

        /// The defaults.
        public init() {}
    }

    /// A stretch of candidates to put to the walking decision.
    public struct Stretch: Sendable, Equatable {
        /// The index of its first candidate; it runs to the newest.
        public var start: Int
        /// The step period its rhythm is tested at, seconds.
        public var lag: Double
        /// The step period its steps' shapes are compared at, it is judged at, and its steps
        /// are credited at, seconds.
        public var period: Double
        /// A faint last step after the newest candidate (a finished walk's), if any.
        public var lastStep: Double?

        /// Creates a stretch.
        public init(start: Int, lag: Double, period: Double, lastStep: Double? = nil) {
            self.start = start
            self.lag = lag
            self.period = period
            self.lastStep = lastStep
        }
    }

    /// The spacing of every walk's steps.
    public let spacing: StepSpacing
    /// How periodic the signal must be for its rhythm to count (`DetectorConfiguration.minimumRhythmStrength`).
    let minimumStrength: Double
    let shortWalkSteps: Int
    let longestShortWalk: Int
    let mostUnevenGaps: Double
    let strideSpacingTolerance: Double
    let mostFinishedWalkSteps: Int
    let lastStepEarliest: Double
    let lastStepLatest: Double
    let stillBefore: (start: Double, end: Double)
    let stillAfter: (start: Double, end: Double)
    let confirmationSteps: Int
    /// How soon after a run's end a run is asked about as resuming it (the bout gap).
    let resumeWindow: Double
    let resumeSteps: Int
    let resumeGapTolerance: Double
    /// How many strong steps of a run followed are judged again.
    public let judgementSteps: Int
    /// At every how many strong steps of a run followed they are judged.
    public let judgementInterval: Int
    /// How many strong steps since its last judgement make a run's end judged once more.
    public let finalJudgementSteps: Int
    /// At every how many strong steps a young run is judged, and how many strong steps a
    /// young run has at most.
    public let earlyJudgementInterval: Int
    public let youngRunSteps: Int
    /// How sure of walking a run's bout must be for the run to be judged as a grown one and
    /// not once more as it ends, nats.
    public let sureOfWalking: Double

    /// Creates the selection from the detector's configuration.
    public init(configuration: DetectorConfiguration) {
        let selection = configuration.selection
        spacing = StepSpacing(configuration: configuration)
        minimumStrength = configuration.minimumRhythmStrength
        shortWalkSteps = max(3, selection.shortWalkSteps)
        longestShortWalk = max(shortWalkSteps, selection.longestShortWalk)
        mostUnevenGaps = selection.mostUnevenGaps
        strideSpacingTolerance = selection.strideSpacingTolerance
        mostFinishedWalkSteps = shortWalkSteps + selection.finishedWalkExtraSteps
        lastStepEarliest = selection.finishedWalkLastStepEarliest
        lastStepLatest = selection.finishedWalkLastStepLatest
        stillBefore = (selection.stillBeforeStart.inSeconds, selection.stillBeforeEnd.inSeconds)
        stillAfter = (selection.stillAfterStart.inSeconds, selection.stillAfterEnd.inSeconds)
        confirmationSteps = max(1, selection.confirmationSteps)
        resumeWindow = configuration.boutGap.inSeconds
        resumeSteps = max(2, selection.resumeConfirmationSteps)
        resumeGapTolerance = selection.resumeGapTolerance
        judgementSteps = max(3, selection.judgementSteps)
        judgementInterval = max(1, selection.judgementInterval)
        finalJudgementSteps = max(1, selection.finalJudgementSteps)
        earlyJudgementInterval = max(1, selection.earlyJudgementInterval)
        youngRunSteps = max(0, selection.youngRunSteps)
        sureOfWalking = selection.sureOfWalking
    }

    // MARK: Runs of candidates

    /// Whether gaps from `shortest` to `longest` seconds are a walk's: none a sprint's, none
    /// a pause, and the longest at most `mostUnevenGaps` times the shortest.
    public func hasWalkingGaps(shortest: Double, longest: Double) -> Bool {
        shortest >= spacing.shortestStep && longest <= spacing.longestStep && longest <= mostUnevenGaps * shortest
    }

    /// The index in `held` where the longest run of evenly spaced candidates ending with the
    /// newest one begins, not reaching back to `notWalkingUntil` or before.
    public func evenRunStart(of held: borrowing FixedRing<StepCandidate>, after notWalkingUntil: Double) -> Int {
        let newest = held.count - 1
        guard newest >= 1 else { return newest }
        var shortest = Double.infinity, longest = 0.0
        var start = newest
        while start > 0 && held[start - 1].time > notWalkingUntil {
            let gap = held[start].time - held[start - 1].time
            let low = min(shortest, gap), high = max(longest, gap)
            if !hasWalkingGaps(shortest: low, longest: high) { break }
            shortest = low
            longest = high
            start -= 1
        }
        return start
    }

    /// The median of the last `count - 1` gaps between held candidates (at most eight).
    public static func medianGap(of held: borrowing FixedRing<StepCandidate>, last count: Int) -> Double {
        var gaps = SIMD8<Double>(repeating: .infinity)
        let n = min(count - 1, 8, held.count - 1)
        for i in 0..<n { gaps[i] = held[held.count - 1 - i].time - held[held.count - 2 - i].time }
        // Insertion sort of at most eight values, no allocation.
        for i in 1..<max(n, 1) {
            var j = i
            while j > 0 && gaps[j - 1] > gaps[j] {
                let swapped = gaps[j - 1]
                gaps[j - 1] = gaps[j]
                gaps[j] = swapped
                j -= 1
            }
        }
        return n % 2 == 1 ? gaps[n / 2] : 0.5 * (gaps[n / 2 - 1] + gaps[n / 2])
    }

    /// Whether the signal is periodic enough for its rhythm to count.
    @inline(__always)
    public func isPeriodic(_ rhythm: Rhythm) -> Bool {
        rhythm.strength >= minimumStrength
    }

    /// The lag a short walk's stretch is judged at: the candidates' mean gap, or the rhythm's
    /// step when they come a stride apart (faint steps between them).
    public func shortWalkLag(meanGap: Double, rhythm: Rhythm) -> (lag: Double, strideSpaced: Bool) {
        let strideSpaced = isPeriodic(rhythm) && rhythm.stepPeriod > 0
            && abs(meanGap / rhythm.stepPeriod - 2) < strideSpacingTolerance
        return (strideSpaced ? rhythm.stepPeriod : meanGap, strideSpaced)
    }

    /// How many steps on the rhythm a candidate at `time` adds to the current run, or nil
    /// when it is off the rhythm (or the signal is not periodic) and a new run begins.
    /// - Parameters:
    ///   - last: the last accepted candidate's time.
    ///   - before: the one accepted before it.
    public func stepsOnRhythm(at time: Double, last: Double, before: Double, rhythm: Rhythm) -> Int? {
        guard isPeriodic(rhythm), spacing.isOnRhythm(time, last: last, before: before, period: rhythm.stepPeriod) else {
            return nil
        }
        return spacing.steps(in: time - last, period: rhythm.stepPeriod)
    }

    // MARK: The questions

    /// A short walk to ask about: the run of evenly spaced candidates ending with the newest,
    /// once it holds `shortWalkSteps`; its newest `longestShortWalk` at most are judged (every
    /// candidate that would be credited), at the step period of its last `shortWalkSteps`.
    public func shortWalk(in held: borrowing FixedRing<StepCandidate>, after notWalkingUntil: Double, rhythm: Rhythm) -> Stretch? {
        let runStart = evenRunStart(of: held, after: notWalkingUntil)
        guard held.count - runStart >= shortWalkSteps else { return nil }
        let newest = held[held.count - 1].time
        let firstOfLast = held[held.count - shortWalkSteps].time
        let meanGap = (newest - firstOfLast) / Double(shortWalkSteps - 1)
        // Candidates a stride apart (faint steps between them) are judged at the step.
        let (lag, strideSpaced) = shortWalkLag(meanGap: meanGap, rhythm: rhythm)
        let period = strideSpaced ? rhythm.stepPeriod : Self.medianGap(of: held, last: shortWalkSteps)
        return Stretch(start: max(runStart, held.count - longestShortWalk), lag: lag, period: period)
    }

    /// A finished short walk to ask about: at least `shortWalkSteps - 1` strong candidates
    /// evenly spaced, then a faint one (`lastStep`) where the next step was due. Judged at the
    /// median gap.
    public func finishedWalk(in held: borrowing FixedRing<StepCandidate>, lastStep faint: StepCandidate?,
                             after notWalkingUntil: Double) -> Stretch? {
        let runStart = evenRunStart(of: held, after: notWalkingUntil)
        let strong = held.count - runStart
        guard strong >= shortWalkSteps - 1, strong <= mostFinishedWalkSteps, let last = held.last, let faint else { return nil }
        let gap = Self.medianGap(of: held, last: strong)
        let faintGap = faint.time - last.time
        guard gap >= spacing.shortestStep, faintGap >= lastStepEarliest * gap, faintGap <= lastStepLatest * gap else { return nil }
        return Stretch(start: runStart, lag: gap, period: gap, lastStep: faint.time)
    }

    /// How still the body was around a finished walk: the motion over its steps, and in the
    /// stretches before its first step and after its last.
    public func stillness(around stretch: Stretch, in held: borrowing FixedRing<StepCandidate>,
                          motion: borrowing MotionEvidence) -> WalkingDecision.Stillness {
        let first = held[stretch.start].time
        let last = stretch.lastStep ?? held[held.count - 1].time
        return WalkingDecision.Stillness(steps: motion.motion(from: first, to: last),
                                         before: motion.motion(from: first - stillBefore.start, to: first - stillBefore.end),
                                         after: motion.motion(from: last + stillAfter.start, to: last + stillAfter.end))
    }

    /// A resumed walk to ask about: within the bout gap of the last run's end, the last few
    /// gaps each a whole number of its steps (a wrist's faint steps between strong ones make
    /// gaps of two), `resumeConfirmationSteps` steps with the first; judged at its pace.
    /// - Parameters:
    ///   - lastWalkEnded: when the last walk ended.
    ///   - lastWalkPeriod: its step period (0: none to resume).
    public func resumedWalk(in held: borrowing FixedRing<StepCandidate>, lastWalkEnded: Double, lastWalkPeriod: Double) -> Stretch? {
        guard held.count > 0, held[held.count - 1].time - lastWalkEnded <= resumeWindow, lastWalkPeriod > 0 else { return nil }
        var steps = 1
        var from = held.count - 1
        while from > 0 && steps < resumeSteps {
            let ratio = (held[from].time - held[from - 1].time) / lastWalkPeriod
            let whole = ratio.rounded()
            guard whole >= 1, whole <= Double(spacing.mostStepsPerGap), abs(ratio - whole) <= resumeGapTolerance else { break }
            steps += Int(whole)
            from -= 1
        }
        guard steps >= resumeSteps, held.count - from >= 2 else { return nil }
        return Stretch(start: from, lag: lastWalkPeriod, period: lastWalkPeriod)
    }

    /// A walk on a steady rhythm to ask about: `confirmationSteps` on the rhythm (no faster
    /// than the shortest step: a hand scrubbing four times a second is not running), from
    /// the run's first candidate after `notWalkingUntil`, at least `shortWalkSteps` of them;
    /// judged at the rhythm's step.
    /// - Parameters:
    ///   - stepsOnRhythm: steps on the rhythm in the current run.
    ///   - runStart: when the current run began.
    public func rhythmWalk(in held: borrowing FixedRing<StepCandidate>, stepsOnRhythm: Int, since runStart: Double,
                           after notWalkingUntil: Double, rhythm: Rhythm) -> Stretch? {
        guard stepsOnRhythm >= confirmationSteps && rhythm.stepPeriod >= spacing.shortestStep else { return nil }
        var start = held.count - 1
        while start > 0 && held[start - 1].time >= runStart && held[start - 1].time > notWalkingUntil { start -= 1 }
        guard held.count - start >= shortWalkSteps else { return nil }
        return Stretch(start: start, lag: rhythm.stepPeriod, period: rhythm.stepPeriod)
    }

    /// A run followed to judge again, at its period: its last `judgementSteps` strong steps;
    /// while it is young (`youngRunSteps`), its last `shortWalkSteps` (a short walk that came
    /// out of standing up and ends turning to sit is judged on its steps between, as well as
    /// on the rising and the turn).
    /// - Parameters:
    ///   - recent: the run's latest strong steps.
    ///   - young: whether the run is young.
    public func stillWalking(_ recent: borrowing FixedRing<StepCandidate>, period: Double, young: Bool = false) -> Stretch? {
        guard recent.count >= shortWalkSteps else { return nil }
        return Stretch(start: young ? recent.count - shortWalkSteps : 0, lag: period, period: period)
    }
}
