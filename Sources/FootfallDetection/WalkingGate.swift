/// Where the walking gate stands.
public enum GateState: UInt8, Sendable, Equatable {
    /// No walk in progress.
    case idle
    /// Candidate steps are being held while the gate decides.
    case deciding
    /// Walking is confirmed: steps are credited as they come.
    case walking
}

/// How a walk came to be confirmed (for plots and the scoreboard).
public enum Confirmation: String, Sendable, Equatable {
    /// A few steps whose spacing and motion look like walking (`shortWalkSteps`).
    case shortWalk = "short-walk"
    /// A few steps at the pace of a walk that ended moments ago.
    case resumed
    /// `confirmationSteps` on a steady rhythm of a periodic signal.
    case rhythm
}

/// Decides which candidate steps are walking, and credits them: the state machine that
/// composes the choice of stretches to ask about (`StretchSelection`), the walking decision
/// (`WalkingDecision`) and the crediting of steps (`StepCrediting`).
///
/// Arm gestures, driving, desk work and housework all make peaks. The gate holds strong
/// candidates while it decides (`deciding`), and asks the decision about stretches of them;
/// a walk starts on a yes to one of four questions:
/// - **Short walk**: `shortWalkSteps` strong candidates in a row, evenly enough spaced
///   (`mostUnevenGaps`). Four steps to the kitchen count from the first.
/// - **Finished short walk**: a run that ended on a faint step where the next was due, judged
///   once it is over, from standing to standing.
/// - **Resumed**: shortly after a walk ended, three steps at its pace (a pause, a turn, a door).
/// - **Rhythm**: `confirmationSteps` in a row on the rhythm of a strongly periodic signal, as
///   for long walks whose start was too irregular for the short-walk test.
///
/// A stretch judged clearly not walking stays so: no later run is credited back over it, and
/// a rhythm must be shown again from there. Once `walking`, strong candidates are credited as
/// they come and faint ones where a step is due, and the last `verificationSteps` are asked
/// about again every `verificationInterval` strong steps (every `confidentVerificationInterval`
/// after a clear yes): `verificationFailures` noes in a row end the walk, without the quick
/// resume, so a walk that turns into brushing teeth ends there. Until one judgement has found
/// it clearly walking, a walk is asked `stillWalkingUnproven` (on the wrist, a bar close to
/// the start's: a hand at work that once passed at the margin does not go on counting), then
/// `stillWalking`. A walk resumed after a pause is proven if the walk before it was. A walk
/// at the wrist that started without a clear judgement withholds its steps (up to
/// `StepCrediting.Configuration.mostStepsWithheld`) until a second yes as sure as a start
/// (`WalkingVerdict.creditsWithheldSteps`): they are credited then, or when the walk ends of
/// itself; if it is judged not walking first, they are withdrawn when the noes refused it
/// (averaging under even odds, `WalkingDecision.doubtsRatherThanRefuses`) and credited when
/// they only doubted it. A walk ends when no step comes for `maximumStepInterval`, or when its
/// period is faster than anyone walks.
public struct WalkingGate: Sendable {
    /// Which stretches of held candidates to ask about, and when.
    let selection: StretchSelection
    /// Whether a stretch is walking: the walking model and every threshold put to it.
    let decision: WalkingDecision
    /// How steps are credited.
    let crediting: StepCrediting
    /// The spacing of every walk's steps (the selection's and the crediting's).
    var spacing: StepSpacing { selection.spacing }
    /// How many noes in a row end a walk going.
    let verificationFailures: Int
    /// How many seconds of motion before a stretch's end the decision reads as its context.
    let contextSpan: Double
    /// Where the device is worn.
    let placement: Placement

    /// Where the gate stands.
    public internal(set) var state = GateState.idle
    /// How the current walk was confirmed, while walking.
    public internal(set) var confirmation: Confirmation?
    /// Strong candidates held while deciding, oldest first.
    var held: FixedRing<StepCandidate>
    /// Faint candidates after the last strong one while deciding: a short walk's last steps.
    var trailingFaint: FixedRing<StepCandidate>
    var lastAccepted = -Double.infinity
    /// The accepted candidate before `lastAccepted`, for the stride check.
    var acceptedBefore = -Double.infinity
    var stepsOnRhythm = 0
    /// When the current run of candidates on the rhythm began.
    var rhythmRunStart = -Double.infinity
    /// The latest candidate of a stretch judged not walking: nothing up to it is credited.
    var notWalkingUntil = -Double.infinity
    /// Faint candidates credited in a row; a walk ends on one or two faint steps, not a string.
    var faintInARow = 0
    /// Strong candidates in a row that came half a period after the last: the walk's period
    /// is a stride, not a step.
    var halfPeriodRun = 0
    /// The height of the last strong candidate while walking.
    var lastStrongHeight = 0.0
    /// When the last confirmed walk ended, to resume quickly after a pause or a turn.
    var lastWalkEnded = -Double.infinity
    /// Whether the walk that ended at `lastWalkEnded` had been judged clearly walking.
    var lastWalkProven = false
    /// The step period of the last confirmed walk.
    var lastWalkPeriod = 0.0
    /// The latest strong steps of the walk, for re-judging it.
    var recent: FixedRing<StepCandidate>
    /// The judgements of the walk going that found it not walking since the last yes.
    var noes = RunOfNoes()
    /// Whether the walk going has been judged clearly walking: until then it is asked
    /// `stillWalkingUnproven`, after that `stillWalking`.
    var walkIsProven = false
    /// The steps the walk going withholds, oldest first, with the period each was credited at.
    var withheld: FixedRing<WithheldStep>
    /// The most steps withheld (`StepCrediting.Configuration.mostStepsWithheld`); 0 withholds none.
    let mostStepsWithheld: Int
    /// Whether the walk going withholds its steps: at the wrist, it started without a clear
    /// judgement, and no judgement since has credited them (`WalkingVerdict.creditsWithheldSteps`).
    var isWithholding = false
    /// Strong steps while walking until the walk is asked about again (counting down from
    /// `verificationInterval`; at 0 it is due).
    var stepsUntilJudgement = 0
    /// A faint candidate off the rhythm after the last step: the walk's last step if the walk
    /// ends there.
    var finalStep: Double?
    /// The current step period while walking, seconds.
    public internal(set) var period = 0.0
    /// The latest judgement, and how many have been made (so an observer can see new ones).
    public internal(set) var latestJudgement: GateJudgement?
    public internal(set) var judgements = 0

    /// The walking decision's verdict on a stretch of candidates, recorded as a judgement.
    /// - Parameters:
    ///   - question: what the gate asks.
    ///   - candidates: the candidates; the stretch runs from its start to the newest (and its
    ///     last step, when it has one).
    ///   - stretch: the stretch, and the step periods it is judged at.
    ///   - stillness: for a finished walk, how still the body was around it.
    /// - Returns: the verdict, or nil when the motion history cannot judge the stretch yet.
    mutating func judge(_ question: WalkingQuestion, _ candidates: borrowing FixedRing<StepCandidate>,
                        _ stretch: StretchSelection.Stretch, motion: borrowing MotionEvidence,
                        stillness: WalkingDecision.Stillness? = nil) -> WalkingVerdict? {
        guard let (evidence, features) = motion.features(of: candidates, from: stretch.start, extraTime: stretch.lastStep,
                                                         lag: stretch.lag, period: stretch.period, contextSpan: contextSpan,
                                                         placement: placement)
        else { return nil }
        let verdict = decision.verdict(on: question, features, stepPeriod: stretch.period, stillness: stillness)
        latestJudgement = GateJudgement(time: stretch.lastStep ?? candidates[candidates.count - 1].time,
                                        from: candidates[stretch.start].time, evidence: evidence, features: features,
                                        verdict: verdict)
        judgements &+= 1
        return verdict
    }

    /// Creates the stage from the detector's configuration.
    public init(configuration: DetectorConfiguration) {
        selection = StretchSelection(configuration: configuration)
        decision = WalkingDecision(configuration: configuration)
        crediting = StepCrediting(configuration: configuration)
        verificationFailures = max(1, configuration.verificationFailures)
        contextSpan = configuration.decisionContext.inSeconds
        placement = configuration.placement
        held = FixedRing(capacity: 64, filler: StepCandidate(time: 0, height: 0, isStrong: false))
        trailingFaint = FixedRing(capacity: 2, filler: StepCandidate(time: 0, height: 0, isStrong: false))
        recent = FixedRing(capacity: selection.verificationSteps, filler: StepCandidate(time: 0, height: 0, isStrong: false))
        mostStepsWithheld = max(0, configuration.crediting.mostStepsWithheld)
        withheld = FixedRing(capacity: max(1, mostStepsWithheld), filler: WithheldStep(time: 0, period: 0))
    }

    /// A step withheld, waiting to be credited.
    struct WithheldStep: Sendable {
        var time: Double
        var period: Double
    }

    /// A run of judgements finding the walk going not walking: how many, and their walking
    /// probabilities added up, whose mean says whether they refused the walk or only doubted it.
    struct RunOfNoes: Sendable {
        var count = 0
        var probabilitySum = 0.0
        /// The mean walking probability of the run's noes.
        var meanProbability: Double { probabilitySum / Double(count) }

        /// Adds a judgement of the walk going: a no lengthens the run, a yes ends it.
        mutating func record(_ verdict: WalkingVerdict) {
            if verdict.walking {
                self = RunOfNoes()
            } else {
                count += 1
                probabilitySum += verdict.probability
            }
        }
    }

    /// Credits a step of the walk going: at once, or withheld while the walk withholds (the
    /// oldest credited when more than `mostStepsWithheld` wait).
    @inline(__always)
    mutating func creditWalking(_ time: Double, _ period: Double, credit: (Double, Double) -> Void) {
        guard isWithholding else { return credit(time, period) }
        if let oldest = withheld.append(WithheldStep(time: time, period: period)) { credit(oldest.time, oldest.period) }
    }

    /// Credits the withheld steps, and withholds no more: the walk was judged walking again, or
    /// ended without being judged not walking.
    mutating func creditWithheld(credit: (Double, Double) -> Void) {
        isWithholding = false
        while let step = withheld.removeFirst() { credit(step.time, step.period) }
    }

    /// Steps per minute at the current period, or 0 when not walking.
    public var cadence: Double { state == .walking && period > 0 ? 60 / period : 0 }

    /// Ends any walk: held steps are dropped.
    public mutating func reset() {
        lastWalkEnded = -.infinity
        lastWalkProven = false
        endWalk(resumable: false)
        lastAccepted = -.infinity
    }

    /// Ends the stream: a short walk still being decided is judged now, then everything is
    /// reset.
    public mutating func finish(motion: borrowing MotionEvidence, credit: (Double, Double) -> Void) {
        concludeEndedWalk(motion: motion, credit: credit)
        reset()
    }

    /// Ends the walk when the rhythm has stopped by `time`. A walk still being decided is
    /// judged whole first: a walk of four steps has ended before four strong peaks came (its
    /// last steps, slowing to a stop, are faint), so it is judged once it is over.
    public mutating func advance(to time: Double, motion: borrowing MotionEvidence, credit: (Double, Double) -> Void) {
        if hasStopped(by: time) {
            concludeEndedWalk(motion: motion, credit: credit)
            endWalk(resumable: true)
        }
    }

    /// Concludes a walk that ended of itself (no step for the longest step, or the stream's
    /// end): a run of candidates still being decided is judged whole, and a walk going keeps
    /// its withheld steps, since it was never judged not walking, and its early last step.
    mutating func concludeEndedWalk(motion: borrowing MotionEvidence, credit: (Double, Double) -> Void) {
        if state == .deciding { concludeShortWalk(motion: motion, credit: credit) }
        creditWithheld(credit: credit)
        creditFinalStep(credit: credit)
    }

    /// Whether the walk (or the run of candidates being decided) has stopped by `time`:
    /// `advance` then has work to do.
    @inline(__always)
    public func hasStopped(by time: Double) -> Bool {
        state != .idle && time - lastAccepted > selection.spacing.longestStep
    }

    /// Credits the walk's early last step, if one came after the last credited step.
    mutating func creditFinalStep(credit: (Double, Double) -> Void) {
        if state == .walking, let last = finalStep, last > lastAccepted {
            credit(last, period)
            lastAccepted = last
        }
        finalStep = nil
    }

    /// Judges a finished run of held candidates whose last steps were faint
    /// (`StretchSelection.finishedWalk`), with the stillness before and after it.
    mutating func concludeShortWalk(motion: borrowing MotionEvidence, credit: (Double, Double) -> Void) {
        guard let stretch = selection.finishedWalk(in: held, lastStep: trailingFaint.first, after: notWalkingUntil),
              let faint = trailingFaint.first else { return }
        // From standing to standing: the motion before the first step and after the last is
        // small beside the steps' (a car's vibration, a hand at work, do not stop).
        let stillness = selection.stillness(around: stretch, in: held, motion: motion)
        guard let verdict = judge(.finishedShortWalk, held, stretch, motion: motion, stillness: stillness),
              verdict.walking else { return }
        period = stretch.period
        confirmation = .shortWalk
        held.append(faint)
        creditHeld(from: stretch.start, credit: credit)
        lastWalkEnded = faint.time
        lastWalkProven = verdict.clearlyWalking
        lastWalkPeriod = stretch.period
    }

    mutating func endWalk(resumable: Bool) {
        if state == .walking && resumable {
            lastWalkEnded = lastAccepted
            lastWalkProven = walkIsProven
            lastWalkPeriod = period
        }
        state = .idle
        confirmation = nil
        finalStep = nil
        held.removeAll()
        trailingFaint.removeAll()
        recent.removeAll()
        // Still withheld here, the steps of a walk judged not walking after all: withdrawn.
        withheld.removeAll()
        isWithholding = false
        noes = RunOfNoes()
        walkIsProven = false
        stepsOnRhythm = 0
        halfPeriodRun = 0
        period = 0
    }

    /// Whether a candidate at `time` falls on the rhythm of step period `p` (`StepSpacing.isOnRhythm`).
    func isOnRhythm(_ time: Double, period p: Double) -> Bool {
        spacing.isOnRhythm(time, last: lastAccepted, before: acceptedBefore, period: p)
    }

    mutating func accept(_ time: Double) {
        acceptedBefore = lastAccepted
        lastAccepted = time
    }

    /// Offers a candidate step; calls `credit(time, period)` for each step credited.
    /// - Parameters:
    ///   - candidate: the peak.
    ///   - rhythm: the signal's rhythm now.
    ///   - motion: the motion history, to judge stretches of candidates by.
    ///   - credit: receives every step credited, in time order.
    public mutating func offer(_ candidate: StepCandidate, rhythm: Rhythm, motion: borrowing MotionEvidence,
                               credit: (Double, Double) -> Void) {
        let time = candidate.time
        advance(to: time, motion: motion, credit: credit)
        if !candidate.isStrong && state != .walking {
            if state == .deciding {
                // A finished short walk's last steps: faint, a step apart.
                let previous = trailingFaint.last?.time ?? lastAccepted
                if time - previous >= spacing.shortestStep { trailingFaint.append(candidate) }
            }
            return
        }
        switch state {
        case .idle:
            held.removeAll()
            held.append(candidate)
            acceptedBefore = -.infinity
            lastAccepted = time
            stepsOnRhythm = 1
            rhythmRunStart = time
            notWalkingUntil = -.infinity
            state = .deciding
        case .deciding:
            decide(candidate, rhythm: rhythm, motion: motion, credit: credit)
        case .walking:
            walk(candidate, rhythm: rhythm, motion: motion, credit: credit)
        }
    }

    mutating func decide(_ candidate: StepCandidate, rhythm: Rhythm, motion: borrowing MotionEvidence,
                         credit: (Double, Double) -> Void) {
        let time = candidate.time
        if time - lastAccepted < spacing.shortestStep {
            // Two bumps of one step: keep the higher.
            if let last = held.last, candidate.height > last.height {
                held[held.count - 1] = candidate
                lastAccepted = time
            }
            return
        }
        // Rhythm bookkeeping, judged against the candidates before this one.
        if let n = selection.stepsOnRhythm(at: time, last: lastAccepted, before: acceptedBefore, rhythm: rhythm) {
            stepsOnRhythm += n
        } else {
            stepsOnRhythm = 1
            rhythmRunStart = time
        }
        held.append(candidate)
        accept(time)
        trailingFaint.removeAll()

        // A short walk: the last few candidates evenly spaced, and walking by their motion.
        if let stretch = selection.shortWalk(in: held, after: notWalkingUntil, rhythm: rhythm),
           let verdict = judge(.shortWalk, held, stretch, motion: motion) {
            if verdict.walking {
                period = stretch.period
                return confirm(.shortWalk, from: stretch.start, proven: verdict.clearlyWalking, credit: credit)
            }
            // What was judged clearly not walking stays so: no later run reaches back over it.
            if verdict.clearlyNotWalking { notWalkingUntil = time }
        }

        // A walk resuming after a pause or a turn, at its old pace.
        if let stretch = selection.resumedWalk(in: held, lastWalkEnded: lastWalkEnded, lastWalkPeriod: lastWalkPeriod),
           let verdict = judge(.resumed, held, stretch, motion: motion), verdict.walking {
            period = stretch.period
            return confirm(.resumed, from: stretch.start, proven: verdict.clearlyWalking || lastWalkProven, credit: credit)
        }

        // A long walk on a steady rhythm.
        if let stretch = selection.rhythmWalk(in: held, stepsOnRhythm: stepsOnRhythm, since: rhythmRunStart,
                                              after: notWalkingUntil, rhythm: rhythm),
           let verdict = judge(.rhythm, held, stretch, motion: motion) {
            if verdict.walking {
                period = stretch.period
                return confirm(.rhythm, from: stretch.start, proven: verdict.clearlyWalking, credit: credit)
            }
            // Not walking: the rhythm has to be shown again, from here.
            notWalkingUntil = time
            stepsOnRhythm = 1
            rhythmRunStart = time
        }
    }

    mutating func confirm(_ how: Confirmation, from start: Int, proven: Bool, credit: (Double, Double) -> Void) {
        state = .walking
        confirmation = how
        faintInARow = 0
        noes = RunOfNoes()
        walkIsProven = proven
        // At the wrist a start at the margin withholds the walk's steps until a second yes:
        // there hands at work pass a start. On the body no real recording had a step withdrawn,
        // and a watcher would hear of a short walk only once it had ended.
        isWithholding = !proven && placement == .wrist && mostStepsWithheld > 0
        recent.removeAll()
        for i in max(0, held.count - selection.verificationSteps)..<held.count where held[i].time >= held[start].time {
            recent.append(held[i])
        }
        creditHeld(from: start, credit: credit)
    }

    /// Whether this strong step while walking is one the walk is asked about again: one in
    /// every `verificationInterval`, or `confidentVerificationInterval` after a judgement that
    /// found the walk clearly walking (set in `walk`).
    mutating func isJudgementDue() -> Bool {
        if stepsUntilJudgement > 0 {
            stepsUntilJudgement -= 1
            return false
        }
        stepsUntilJudgement = selection.verificationInterval - 1
        return true
    }

    mutating func walk(_ candidate: StepCandidate, rhythm: Rhythm, motion: borrowing MotionEvidence,
                       credit: (Double, Double) -> Void) {
        let time = candidate.time
        period = crediting.followed(period, by: rhythm.stepPeriod)
        if decision.isFasterThanWalking(period) {
            // Faster than anyone runs: not steps (a hand scrubbing), and not a pause either.
            // What came before was not judged: the period's estimate may have lost its way.
            creditWithheld(credit: credit)
            endWalk(resumable: false)
            lastAccepted = time
            return
        }
        let gap = time - lastAccepted
        if candidate.isStrong && crediting.isHalfPeriod(gap: gap, period: period)
            && crediting.strikeAlike(candidate.height, lastStrongHeight) {
            halfPeriodRun += 1
            // Strong steps every half period: the walk was following its stride (a wrist's arm
            // swing, strong once a stride, can lead the rhythm there), and the steps are twice
            // as many.
            if halfPeriodRun >= crediting.configuration.halfPeriodSteps, !decision.isFasterThanWalking(period / 2) {
                period /= 2
                halfPeriodRun = 0
            }
        } else if candidate.isStrong {
            halfPeriodRun = 0
        }
        if candidate.isStrong { lastStrongHeight = candidate.height }
        guard let n = spacing.steps(in: gap, period: period) else { return }
        // A faint peak counts only where a step is due, and only a few in a row.
        if !candidate.isStrong {
            switch crediting.faintStep(steps: n, gap: gap, period: period, faintInARow: faintInARow,
                                       onRhythm: isOnRhythm(time, period: period)) {
            case .ignored: return
            case .lastStep:
                // Counted if nothing follows it.
                finalStep = time
                return
            case .credited: faintInARow += 1
            }
        } else {
            faintInARow = 0
            recent.append(candidate)
            if let stretch = selection.stillWalking(recent, due: isJudgementDue(), period: period),
               let verdict = judge(walkIsProven ? .stillWalking : .stillWalkingUnproven, recent, stretch, motion: motion) {
                noes.record(verdict)
                // A walk the model is sure of is asked about again later.
                if verdict.clearlyWalking {
                    stepsUntilJudgement = selection.confidentVerificationInterval - 1
                    walkIsProven = true
                }
                if verdict.creditsWithheldSteps { creditWithheld(credit: credit) }
                if noes.count >= verificationFailures {
                    // Not walking after all (a gesture that kept the rhythm): stop crediting,
                    // and do not let it resume as if a walk had paused. Withheld steps are
                    // withdrawn if the noes refused the walk, credited if they only doubted it.
                    if decision.doubtsRatherThanRefuses(meanProbability: noes.meanProbability) {
                        creditWithheld(credit: credit)
                    }
                    endWalk(resumable: false)
                    lastAccepted = time
                    return
                }
            }
        }
        crediting.fill(after: lastAccepted, to: time, steps: n, period: period) { time, period in
            creditWalking(time, period, credit: credit)
        }
        accept(time)
        finalStep = nil
    }

    /// Credits the held candidates from `start` at the current period (`StepCrediting.creditHeld`),
    /// withheld while the walk withholds (`creditWalking`; never for a finished short walk, which
    /// is not a walk going), and lets them go.
    mutating func creditHeld(from start: Int, credit: (Double, Double) -> Void) {
        crediting.creditHeld(held, from: start, period: period) { time, period in creditWalking(time, period, credit: credit) }
        held.removeAll()
    }
}
