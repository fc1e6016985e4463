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

/// Decides which candidate steps are walking, and credits them.
///
/// Arm gestures, driving, desk work and housework all make peaks. The gate holds candidates
/// while it decides, and confirms a walk in one of three ways:
/// - **Short walk**: `shortWalkSteps` strong candidates in a row, evenly enough spaced
///   (`mostUnevenGaps`), whose motion looks like walking: a periodic magnitude, a steady
///   posture, and nothing that says "not walking" (below). Four steps to the kitchen count
///   from the first.
/// - **Resumed**: shortly after a walk ended, three steps at its pace (a pause, a turn, a door).
/// - **Rhythm**: `confirmationSteps` in a row on the rhythm of a strongly periodic signal, as
///   for long walks whose start was too irregular for the short-walk test.
///
/// "Not walking" is motion no walk makes (`WindowEvidence`): purely vertical, or mostly
/// across gravity (a wrist scrubbing, waving, turning), or one hand repeating the same
/// motion every cycle (the across-gravity motion
/// repeats at every step as strongly as the magnitude does, where walking alternates left
/// and right). It vetoes every confirmation, and while walking the last `verificationSteps`
/// are judged again at each step: a walk that turns into brushing teeth ends there.
///
/// Each gap between candidates is read as a whole number of step periods (1 normally, 2 or
/// 3 when faint steps made no peak: the wrist's arm swing, a phone in one pocket); a candidate
/// closer than half a period to the previous one is a second bump and is dropped. Once walking,
/// strong candidates are credited as they come, faint ones only where a step is due and at
/// most `mostFaintStepsInARow`. A walk ends when no step comes for `maximumStepInterval`.
public struct WalkingGate: Sendable {
    let maximumInterval: Double
    let confirmationSteps: Int
    let tolerance: Double
    let minimumStrength: Double
    let resumeWindow: Double
    let mostStepsPerGap: Int
    let shortestGap: Double
    let resumeSteps: Int
    let mostFaintInARow: Int
    let shortWalkSteps: Int
    let shortestStep: Double
    let mostUnevenGaps: Double
    /// Whether a stretch is walking: the walking model and every threshold put to it.
    let decision: WalkingDecision
    let verificationSteps: Int
    let verificationFailures: Int
    /// How many seconds of motion before a stretch's end the decision reads as its context.
    let contextSpan: Double

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
    /// When the last confirmed walk ended, to resume quickly after a pause or a turn.
    var lastWalkEnded = -Double.infinity
    /// The step period of the last confirmed walk.
    var lastWalkPeriod = 0.0
    /// The latest strong steps of the walk, for re-judging it.
    var recent: FixedRing<StepCandidate>
    var failedJudgements = 0
    var judgementDue = false
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
    ///   - candidates: the candidates; the stretch runs from `start` to the newest (and
    ///     `extraTime`, when given).
    ///   - lag: the step period to test the rhythm at.
    ///   - period: the step period the steps' shapes are compared at, and the stretch is judged at.
    ///   - stillness: for a finished walk, how still the body was around it.
    /// - Returns: the verdict, or nil when the motion history cannot judge the stretch yet.
    mutating func judge(_ question: WalkingQuestion, _ candidates: borrowing FixedRing<StepCandidate>, from start: Int,
                        extraTime: Double? = nil, lag: Double, period: Double, motion: borrowing MotionEvidence,
                        stillness: WalkingDecision.Stillness? = nil) -> WalkingVerdict? {
        guard let (evidence, features) = motion.features(of: candidates, from: start, extraTime: extraTime, lag: lag, period: period,
                                                                  contextSpan: contextSpan)
        else { return nil }
        let verdict = decision.verdict(on: question, features, stepPeriod: period, stillness: stillness)
        latestJudgement = GateJudgement(time: extraTime ?? candidates[candidates.count - 1].time, from: candidates[start].time,
                                        evidence: evidence, features: features, verdict: verdict)
        judgements &+= 1
        return verdict
    }

    /// Creates the stage from the detector's configuration.
    public init(configuration: DetectorConfiguration) {
        maximumInterval = configuration.maximumStepInterval.inSeconds
        confirmationSteps = max(1, configuration.confirmationSteps)
        tolerance = configuration.rhythmTolerance
        minimumStrength = configuration.minimumRhythmStrength
        resumeWindow = configuration.resumeWindow.inSeconds
        mostStepsPerGap = max(1, configuration.mostStepsPerGap)
        shortestGap = configuration.shortestGap
        mostFaintInARow = configuration.mostFaintStepsInARow
        resumeSteps = max(2, configuration.resumeConfirmationSteps)
        shortWalkSteps = max(3, configuration.shortWalkSteps)
        shortestStep = configuration.shortestStep.inSeconds
        mostUnevenGaps = configuration.mostUnevenGaps
        decision = WalkingDecision(configuration: configuration)
        verificationSteps = max(3, configuration.verificationSteps)
        verificationFailures = max(1, configuration.verificationFailures)
        contextSpan = configuration.decisionContext.inSeconds
        held = FixedRing(capacity: 64, filler: StepCandidate(time: 0, height: 0, isStrong: false))
        trailingFaint = FixedRing(capacity: 2, filler: StepCandidate(time: 0, height: 0, isStrong: false))
        recent = FixedRing(capacity: verificationSteps, filler: StepCandidate(time: 0, height: 0, isStrong: false))
    }

    /// Steps per minute at the current period, or 0 when not walking.
    public var cadence: Double { state == .walking && period > 0 ? 60 / period : 0 }

    /// Ends any walk: held steps are dropped.
    public mutating func reset() {
        lastWalkEnded = -.infinity
        endWalk(resumable: false)
        lastAccepted = -.infinity
    }

    /// Ends the stream: a short walk still being decided is judged now, then everything is
    /// reset.
    public mutating func finish(motion: borrowing MotionEvidence, credit: (Double, Double) -> Void) {
        if state == .deciding { concludeShortWalk(motion: motion, credit: credit) }
        creditFinalStep(credit: credit)
        reset()
    }

    /// Ends the walk when the rhythm has stopped by `time`. A walk still being decided is
    /// judged whole first: a walk of four steps has ended before four strong peaks came (its
    /// last steps, slowing to a stop, are faint), so it is judged once it is over.
    public mutating func advance(to time: Double, motion: borrowing MotionEvidence, credit: (Double, Double) -> Void) {
        if state != .idle && time - lastAccepted > maximumInterval {
            if state == .deciding { concludeShortWalk(motion: motion, credit: credit) }
            creditFinalStep(credit: credit)
            endWalk(resumable: true)
        }
    }

    /// Whether the walk (or the run of candidates being decided) has stopped by `time`:
    /// `advance` then has work to do.
    @inline(__always)
    public func hasStopped(by time: Double) -> Bool {
        state != .idle && time - lastAccepted > maximumInterval
    }

    /// Credits the walk's early last step, if one came after the last credited step.
    mutating func creditFinalStep(credit: (Double, Double) -> Void) {
        if state == .walking, let last = finalStep, last > lastAccepted {
            credit(last, period)
            lastAccepted = last
        }
        finalStep = nil
    }

    /// Judges a finished run of held candidates whose last steps were faint: at least
    /// `shortWalkSteps - 1` strong candidates evenly spaced, followed by a faint one where the
    /// next step was due, whose motion looks like walking.
    mutating func concludeShortWalk(motion: borrowing MotionEvidence, credit: (Double, Double) -> Void) {
        let runStart = evenRunStart()
        let strong = held.count - runStart
        guard strong >= shortWalkSteps - 1, strong < shortWalkSteps + 4, let last = held.last, let faint = trailingFaint.first else { return }
        let gap = medianGap(last: strong)
        let faintGap = faint.time - last.time
        guard gap >= shortestStep, faintGap >= 0.6 * gap, faintGap <= 1.5 * gap else { return }
        // From standing to standing: the motion before the first step and after the last is
        // small beside the steps' (a car's vibration, a hand at work, do not stop).
        let steps = motion.motion(from: held[runStart].time, to: faint.time)
        let before = motion.motion(from: held[runStart].time - 1.2, to: held[runStart].time - 0.5)
        let after = motion.motion(from: faint.time + 0.4, to: faint.time + 1.2)
        guard let verdict = judge(.finishedShortWalk, held, from: runStart, extraTime: faint.time, lag: gap, period: gap,
                                  motion: motion, stillness: WalkingDecision.Stillness(steps: steps, before: before, after: after)),
              verdict.walking else { return }
        period = gap
        confirmation = .shortWalk
        held.append(faint)
        creditHeld(from: runStart, credit: credit)
        lastWalkEnded = faint.time
        lastWalkPeriod = gap
    }

    mutating func endWalk(resumable: Bool) {
        if state == .walking && resumable {
            lastWalkEnded = lastAccepted
            lastWalkPeriod = period
        }
        state = .idle
        confirmation = nil
        finalStep = nil
        held.removeAll()
        trailingFaint.removeAll()
        recent.removeAll()
        failedJudgements = 0
        stepsOnRhythm = 0
        period = 0
    }

    /// How many steps a gap between candidates is at `period`, or nil when it is too short to
    /// be a step (a second bump of the same step).
    func steps(in gap: Double, period: Double) -> Int? {
        guard period > 0 else { return 1 }
        let ratio = gap / period
        if ratio < shortestGap { return nil }
        return min(mostStepsPerGap, max(1, Int(ratio.rounded())))
    }

    /// Whether a candidate at `time` falls on the rhythm of step period `p`: its gap from the
    /// last candidate is a whole number of steps, or its span from the one before is. The second
    /// test is for lopsided gaits (a phone in one front pocket peaks early on the other leg's
    /// step), where single gaps alternate short and long but every stride is the same.
    func isOnRhythm(_ time: Double, period p: Double) -> Bool {
        guard p > 0 else { return false }
        let single = (time - lastAccepted) / p
        if abs(single - single.rounded()) <= tolerance { return true }
        let double = (time - acceptedBefore) / p
        return double.rounded() >= 2 && abs(double - double.rounded()) <= tolerance
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
                let previous = trailingFaint.last?.time ?? lastAccepted
                if time - previous >= shortestStep { trailingFaint.append(candidate) }
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
        let gap = time - lastAccepted
        if gap < shortestStep {
            // Two bumps of one step: keep the higher.
            if let last = held.last, candidate.height > last.height {
                held[held.count - 1] = candidate
                lastAccepted = time
            }
            return
        }
        // Rhythm bookkeeping, judged against the candidates before this one.
        let periodic = rhythm.strength >= minimumStrength
        if periodic, isOnRhythm(time, period: rhythm.stepPeriod), let n = steps(in: gap, period: rhythm.stepPeriod) {
            stepsOnRhythm += n
        } else {
            stepsOnRhythm = 1
            rhythmRunStart = time
        }
        held.append(candidate)
        accept(time)
        trailingFaint.removeAll()

        // A short walk: the last few candidates evenly spaced, and walking by their motion.
        let runStart = evenRunStart()
        if held.count - runStart >= shortWalkSteps {
            let firstOfLast = held[held.count - shortWalkSteps].time
            let meanGap = (time - firstOfLast) / Double(shortWalkSteps - 1)
            // Candidates a stride apart (faint steps between them) are judged at the step.
            let (lag, strideSpaced) = shortWalkLag(meanGap: meanGap, rhythm: rhythm)
            // Judge every candidate that would be credited: the whole run.
            let stepPeriod = strideSpaced ? rhythm.stepPeriod : medianGap(last: shortWalkSteps)
            if let verdict = judge(.shortWalk, held, from: runStart, lag: lag, period: stepPeriod, motion: motion) {
                if verdict.walking {
                    period = stepPeriod
                    return confirm(.shortWalk, from: runStart, credit: credit)
                }
                // What was judged clearly not walking stays so: no later run reaches back over it.
                if verdict.clearlyNotWalking { notWalkingUntil = time }
            }
        }

        // A walk resuming after a pause or a turn, at its old pace: the last few gaps each a
        // whole number of its steps (a wrist's faint steps between strong ones make gaps of
        // two), `resumeSteps` steps with the first.
        if time - lastWalkEnded <= resumeWindow, lastWalkPeriod > 0 {
            var steps = 1
            var from = held.count - 1
            while from > 0 && steps < resumeSteps {
                let ratio = (held[from].time - held[from - 1].time) / lastWalkPeriod
                let whole = ratio.rounded()
                guard whole >= 1, whole <= Double(mostStepsPerGap), abs(ratio - whole) <= 0.4 else { break }
                steps += Int(whole)
                from -= 1
            }
            if steps >= resumeSteps, held.count - from >= 2,
               let verdict = judge(.resumed, held, from: from, lag: lastWalkPeriod, period: lastWalkPeriod, motion: motion),
               verdict.walking {
                period = lastWalkPeriod
                return confirm(.resumed, from: from, credit: credit)
            }
        }

        // A long walk on a steady rhythm (no faster than a sprint: a hand scrubbing four times
        // a second is not running).
        if stepsOnRhythm >= confirmationSteps && rhythm.stepPeriod >= shortestStep {
            var start = held.count - 1
            while start > 0 && held[start - 1].time >= rhythmRunStart && held[start - 1].time > notWalkingUntil { start -= 1 }
            if held.count - start >= shortWalkSteps,
               let verdict = judge(.rhythm, held, from: start, lag: rhythm.stepPeriod, period: rhythm.stepPeriod, motion: motion) {
                if verdict.walking {
                    period = rhythm.stepPeriod
                    return confirm(.rhythm, from: start, credit: credit)
                }
                // Not walking: the rhythm has to be shown again, from here.
                notWalkingUntil = time
                stepsOnRhythm = 1
                rhythmRunStart = time
            }
        }
    }

    /// The index in `held` where the longest run of evenly spaced candidates ending with the
    /// newest one begins.
    /// Whether gaps from `shortest` to `longest` seconds are a walk's: none a sprint's, none
    /// a pause, and the longest at most `mostUnevenGaps` times the shortest. The probes of
    /// `StepDetector` (what the walking model learns from) ask the same.
    func hasWalkingGaps(shortest: Double, longest: Double) -> Bool {
        shortest >= shortestStep && longest <= maximumInterval && longest <= mostUnevenGaps * shortest
    }

    /// The lag a short walk's stretch is judged at: the candidates' mean gap, or the rhythm's
    /// step when they come a stride apart (faint steps between them). The probes of
    /// `StepDetector` measure their stretches at the same lag.
    func shortWalkLag(meanGap: Double, rhythm: Rhythm) -> (lag: Double, strideSpaced: Bool) {
        let strideSpaced = rhythm.strength >= minimumStrength && rhythm.stepPeriod > 0
            && abs(meanGap / rhythm.stepPeriod - 2) < 0.3
        return (strideSpaced ? rhythm.stepPeriod : meanGap, strideSpaced)
    }

    func evenRunStart() -> Int {
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

    /// The median of the last `count - 1` gaps between held candidates.
    func medianGap(last count: Int) -> Double {
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

    mutating func confirm(_ how: Confirmation, from start: Int, credit: (Double, Double) -> Void) {
        state = .walking
        confirmation = how
        faintInARow = 0
        failedJudgements = 0
        recent.removeAll()
        for i in max(0, held.count - verificationSteps)..<held.count where held[i].time >= held[start].time {
            recent.append(held[i])
        }
        creditHeld(from: start, credit: credit)
    }

    mutating func walk(_ candidate: StepCandidate, rhythm: Rhythm, motion: borrowing MotionEvidence,
                       credit: (Double, Double) -> Void) {
        let time = candidate.time
        period = followed(period, by: rhythm.stepPeriod)
        if decision.isFasterThanWalking(period) {
            // Faster than anyone runs: not steps (a hand scrubbing), and not a pause either.
            endWalk(resumable: false)
            lastAccepted = time
            return
        }
        let gap = time - lastAccepted
        guard let n = steps(in: gap, period: period) else { return }
        // A faint peak counts only where a step is due, and only a few in a row.
        if !candidate.isStrong {
            if n != 1 || faintInARow >= mostFaintInARow { return }
            if !isOnRhythm(time, period: period) {
                // Early, as the last step of a walk is (the feet come together): counted if
                // nothing follows it.
                if gap >= shortestGap * period { finalStep = time }
                return
            }
            faintInARow += 1
        } else {
            faintInARow = 0
            recent.append(candidate)
            judgementDue.toggle()
            // Judged at every other strong step: a gesture is still caught within a few
            // steps, at half the cost.
            if judgementDue, recent.count >= verificationSteps,
               let verdict = judge(.stillWalking, recent, from: 0, lag: period, period: period, motion: motion) {
                failedJudgements = verdict.walking ? 0 : failedJudgements + 1
                if failedJudgements >= verificationFailures {
                    // Not walking after all (a gesture that kept the rhythm): stop crediting,
                    // and do not let it resume as if a walk had paused.
                    endWalk(resumable: false)
                    lastAccepted = time
                    return
                }
            }
        }
        for i in 1...n { credit(lastAccepted + gap * Double(i) / Double(n), period) }
        accept(time)
        finalStep = nil
    }

    /// The walk's step period updated with a new estimate. Cadence drifts; it does not halve
    /// or double between two steps, so an estimate near twice or half the current period is an
    /// octave error of the step-or-stride call and is folded back.
    func followed(_ current: Double, by estimate: Double) -> Double {
        guard estimate > 0 else { return current }
        guard current > 0 else { return estimate }
        let ratio = estimate / current
        if ratio > 1.6 && ratio < 2.5 { return estimate / 2 }
        if ratio > 0.4 && ratio < 0.625 { return estimate * 2 }
        return estimate
    }

    /// Credits the held candidates from `start`, filling the gaps with whole steps at the
    /// current period. Leading candidates off the rhythm (shifting weight before the first
    /// step) are dropped.
    mutating func creditHeld(from start: Int, credit: (Double, Double) -> Void) {
        var first = start
        while held.count - first >= 2 {
            let ratio = (held[first + 1].time - held[first].time) / period
            if abs(ratio - ratio.rounded()) <= tolerance && ratio.rounded() >= 1 && ratio.rounded() <= Double(mostStepsPerGap) { break }
            first += 1
        }
        // Shifting weight onto the stance leg before the first step makes a smaller, earlier
        // bump than a step: not a step.
        if held.count - first >= 3, held[first].height < 0.5 * min(held[first + 1].height, held[first + 2].height),
           (held[first + 1].time - held[first].time) / period < 0.85 {
            first += 1
        }
        guard first < held.count else { held.removeAll(); return }
        var previous = held[first].time
        credit(previous, period)
        for i in (first + 1)..<held.count {
            let time = held[i].time
            let gap = time - previous
            guard let n = steps(in: gap, period: period) else { continue }
            for k in 1...n { credit(previous + gap * Double(k) / Double(n), period) }
            previous = time
        }
        held.removeAll()
    }
}
