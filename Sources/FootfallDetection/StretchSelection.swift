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
/// - **Resumed**: soon after a walk ended, the last few gaps each a whole number of its steps.
/// - **Rhythm**: `confirmationSteps` in a row on the rhythm of a periodic signal.
/// - **Still walking**: while walking, the last `verificationSteps` strong steps, every
///   `verificationInterval` strong steps.
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
        /// (the path long walks with an irregular start take) on the body or at an unknown
        /// placement; at least 1. Chosen leaving people out (docs/detector.md): a phone in a
        /// pocket strikes hard on the near leg's step and faintly on the far one's, so a short
        /// walk's strong steps come unevenly and its rhythm is what shows it; at 5 rather than
        /// 7 the up-and-go walks the pocket missed (2 of 135) are counted, and nothing else
        /// moves.
        public var confirmationSteps: Int = 5
        /// The same at the wrist, where a rhythm is what clapping has most of: at 5 clapping
        /// counts 33 false steps an hour leaving people out, not 25.
        public var wristConfirmationSteps: Int = 7
        /// A walk that starts this soon after the last one ended is asked about as resuming it
        /// (a pause, a turn, a door), on the last walk's pace.
        public var resumeWindow: Duration = .seconds(8)
        /// Steps at the last walk's pace, the first included, that are asked about as a resumed
        /// walk; at least 2.
        public var resumeConfirmationSteps: Int = 3
        /// How far, in the last walk's step periods, each gap of a resuming walk may be from a
        /// whole number of its steps.
        public var resumeGapTolerance: Double = 0.4
        /// While walking, the last this many strong steps are asked about again (at least 3)...
        public var verificationSteps: Int = 8
        /// ...at every this-many-th strong step (at least 1): about every two seconds at a
        /// walk. A gesture that kept a walk's rhythm is caught within eight strong steps; a
        /// walk asked every other step was cut short by two chance noes in a row (stairs and
        /// the slowest runs at the wrist, leaving people out: 0.938 and 1.96 steps/s with 2,
        /// 0.960 and 2.05 with 4, clapping 72 and 90 false steps an hour), and a judgement
        /// (about 2.4 us) costs about what the two seconds of 100 Hz samples between two of
        /// them do.
        public var verificationInterval: Int = 4
        /// ...or at every this-many-th (at least 1) after a judgement that found the walk
        /// clearly walking (`WalkingDecision.Configuration.clearlyWalkingProbability`): then the
        /// stretches asked about abut (the default is `verificationSteps`) instead of
        /// overlapping, each strong step is judged once, and a walk the model is sure of costs
        /// half the judgements. A walk the model is less sure of is still asked every
        /// `verificationInterval`.
        public var confidentVerificationInterval: Int = 8

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
    let resumeWindow: Double
    let resumeSteps: Int
    let resumeGapTolerance: Double
    /// How many strong steps while walking are asked about again.
    public let verificationSteps: Int
    /// At every how many strong steps while walking they are asked about.
    public let verificationInterval: Int
    /// How many strong steps after a judgement that found a walk going clearly walking the
    /// next is due (`Configuration.confidentVerificationInterval`).
    public let confidentVerificationInterval: Int

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
        confirmationSteps = max(1, configuration.placement == .wrist ? selection.wristConfirmationSteps
                                                                      : selection.confirmationSteps)
        resumeWindow = selection.resumeWindow.inSeconds
        resumeSteps = max(2, selection.resumeConfirmationSteps)
        resumeGapTolerance = selection.resumeGapTolerance
        verificationSteps = max(3, selection.verificationSteps)
        verificationInterval = max(1, selection.verificationInterval)
        confidentVerificationInterval = max(1, selection.confidentVerificationInterval)
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

    /// A resumed walk to ask about: within `resumeWindow` of the last walk's end, the last few
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

    /// A walk going to ask about again: its last `verificationSteps` strong steps, at its period.
    /// - Parameters:
    ///   - recent: the walk's latest strong steps.
    ///   - due: whether this strong step is one of every `verificationInterval`.
    public func stillWalking(_ recent: borrowing FixedRing<StepCandidate>, due: Bool, period: Double) -> Stretch? {
        guard due, recent.count >= verificationSteps else { return nil }
        return Stretch(start: 0, lag: period, period: period)
    }
}
