/// Follows each run of candidate peaks as if it were a walk, and decides nothing: which steps
/// a walk there would have, and which stretches of it to judge (`StretchSelection`), at the
/// period its steps keep (`StepCrediting`). Whether the run is walking is the walking gate's
/// question (`WalkingGate`, `BoutDecoder`); what the tracker does is the same whatever the
/// answer, so the stretches it asks about, and the steps it proposes, depend on the motion alone.
///
/// A run is the candidates between two silences of `maximumStepInterval`. It is held
/// (`holding`) until a stretch of it can be judged as the start of a walk: a short walk (a few
/// evenly spaced strong candidates), a walk resuming at the pace of the run before it, or a
/// steady rhythm. From then on it is followed (`following`): its held candidates and every
/// later one are proposed as steps at the walk's period (gaps filled with faint steps, faint
/// peaks where a step is due, octave errors folded back), and its latest strong steps are
/// judged again every `StretchSelection.Configuration.judgementInterval` strong steps. A run
/// that ends while held is judged whole if it ended on a faint last step where one was due (a
/// finished short walk); else its candidates are refused.
///
/// Every candidate offered comes out as a `PendingCandidate` (into `queue`): refused, with
/// its reason, or proposed as steps that wait on the decision of the next stretch judged (or,
/// at the run's end, the last). A run's end forgets all the run's state (`Run`); only what a
/// resumed walk needs is carried to the next (`Carried`).
struct StepTracker: Sendable {
    /// Where the tracker stands in a run.
    enum Phase: Sendable, Equatable {
        /// No run.
        case idle
        /// A run's strong candidates held until a stretch of them can start a walk.
        case holding
        /// A run followed as a walk.
        case following
    }

    /// Everything the tracker knows of the run going. A run's end replaces it whole.
    struct Run: Sendable {
        var phase = Phase.idle
        /// The last candidate accepted as a step (or held), and the one before it.
        var lastAccepted = -Double.infinity
        var acceptedBefore = -Double.infinity
        /// Steps on the rhythm in a row while holding, and when that row began.
        var stepsOnRhythm = 0
        var rhythmRunStart = -Double.infinity
        /// Faint candidates proposed in a row while following.
        var faintInARow = 0
        /// Strong candidates in a row half a period after the last (the period is a stride).
        var halfPeriodRun = 0
        /// Strong candidates in a row between one and two periods after the last (the period
        /// is not the candidates' step), and how even their gaps are.
        var betweenSteps = GapRun()
        /// The height of the last strong candidate while following.
        var lastStrongHeight = 0.0
        /// Strong steps since the last stretch judged while following, and how many make the
        /// next judgement due.
        var strongSinceJudgement = 0
        var judgementDue = 0
        /// Strong steps since the run began to be followed (its held ones included).
        var strongSteps = 0
        /// Whether the bout was sure it walks at the run's latest stretch judged
        /// (`StretchSelection.sureOfWalking`): a young run is then judged as a grown one, and
        /// the run's end judges nothing more.
        var boutIsSure = false
        /// The walk's step period while following, seconds.
        var period = 0.0
        /// How the run came to be followed.
        var start: Confirmation?
        /// An early faint candidate after the last step: the walk's last step if the run ends there.
        var finalStep: StepCandidate?
    }

    /// What one run leaves to the next: when it ended and at what pace, so that a walk paused
    /// for a turn or a door can be picked up again on three steps (`StretchSelection.resumedWalk`).
    struct Carried: Sendable {
        var ended = -Double.infinity
        var period = 0.0
    }

    /// Gaps in a row: how many, and the shortest and longest of them.
    struct GapRun: Sendable, Equatable {
        var count = 0
        var shortest = Double.infinity
        var longest = 0.0

        mutating func add(_ gap: Double) {
            count += 1
            shortest = min(shortest, gap)
            longest = max(longest, gap)
        }

        /// The longest gap less the shortest.
        var spread: Double { longest - shortest }
    }

    /// Which of the tracker's rings a stretch to judge lies in.
    enum Ring: Sendable, Equatable {
        /// The held candidates (a walk's start, or a finished short walk).
        case held
        /// The latest strong steps of a run followed.
        case recent
    }

    /// A stretch the tracker asks the walking gate to judge.
    struct Request: Sendable, Equatable {
        /// What it is asked as.
        var question: WalkingQuestion
        /// Which ring its candidates are in.
        var ring: Ring
        /// The stretch within that ring.
        var stretch: StretchSelection.Stretch
    }

    let selection: StretchSelection
    let crediting: StepCrediting
    var spacing: StepSpacing { selection.spacing }

    var run = Run()
    var carried = Carried()
    /// The run's strong candidates while holding, oldest first; kept after following starts
    /// until the stretch it started on has been measured (`measured`).
    var held: FixedRing<StepCandidate>
    /// Faint candidates after the last strong one while holding: a short walk's last steps.
    var trailingFaint: FixedRing<StepCandidate>
    /// The latest strong steps of the run followed.
    var recent: FixedRing<StepCandidate>

    init(configuration: DetectorConfiguration) {
        selection = StretchSelection(configuration: configuration)
        crediting = StepCrediting(configuration: configuration)
        held = FixedRing(capacity: 64)
        trailingFaint = FixedRing(capacity: 2)
        recent = FixedRing(capacity: selection.judgementSteps)
    }

    /// The run's last accepted candidate, while there is a run.
    var lastAccepted: Double { run.lastAccepted }

    /// Whether a run going has had no candidate for the longest step by `time`: it has ended.
    @inline(__always)
    func hasStopped(by time: Double) -> Bool {
        run.phase != .idle && time - run.lastAccepted > spacing.longestStep
    }

    /// The stretch a request's candidates are measured over.
    func candidates(of request: Request) -> FixedRing<StepCandidate> {
        request.ring == .held ? held : recent
    }

    /// The stretch asked about has been measured: held candidates no longer held (a run now
    /// followed, or ended) are let go.
    mutating func measured(_ request: Request) {
        if run.phase != .holding && request.ring == .held { held.removeAll() }
        if run.phase == .idle && request.ring == .recent { recent.removeAll() }
    }

    // MARK: Offering candidates

    /// Offers the next candidate peak.
    /// - Parameters:
    ///   - queue: receives every candidate whose fate is now known (this one, or held ones).
    /// - Returns: a stretch to judge, if this candidate completes one.
    mutating func offer(_ candidate: StepCandidate, rhythm: Rhythm, queue: inout FixedRing<PendingCandidate>) -> Request? {
        switch run.phase {
        case .idle:
            guard candidate.isStrong else {
                queue.enqueue(.refused(candidate, .faintOutsideWalk))
                return nil
            }
            held.removeAll()
            held.append(candidate)
            run.phase = .holding
            run.lastAccepted = candidate.time
            run.stepsOnRhythm = 1
            run.rhythmRunStart = candidate.time
            return nil
        case .holding:
            return hold(candidate, rhythm: rhythm, queue: &queue)
        case .following:
            return follow(candidate, rhythm: rhythm, queue: &queue)
        }
    }

    mutating func hold(_ candidate: StepCandidate, rhythm: Rhythm, queue: inout FixedRing<PendingCandidate>) -> Request? {
        let time = candidate.time
        if !candidate.isStrong {
            // A finished short walk's last steps: faint, a step apart.
            let previous = trailingFaint.last?.time ?? run.lastAccepted
            if time - previous >= spacing.shortestStep {
                if let evicted = trailingFaint.append(candidate) { queue.enqueue(.refused(evicted, .faintOutsideWalk)) }
            } else {
                queue.enqueue(.refused(candidate, .secondBump))
            }
            return nil
        }
        if time - run.lastAccepted < spacing.shortestStep {
            // Two bumps of one step: the higher is kept.
            if let last = held.last, candidate.height > last.height {
                held[held.count - 1] = candidate
                run.lastAccepted = time
                queue.enqueue(.refused(last, .secondBump))
            } else {
                queue.enqueue(.refused(candidate, .secondBump))
            }
            return nil
        }
        // Rhythm bookkeeping, judged against the candidates before this one.
        if let n = selection.stepsOnRhythm(at: time, last: run.lastAccepted, before: run.acceptedBefore, rhythm: rhythm) {
            run.stepsOnRhythm += n
        } else {
            run.stepsOnRhythm = 1
            run.rhythmRunStart = time
        }
        if let evicted = held.append(candidate) { queue.enqueue(.refused(evicted, .irregular)) }
        accept(time)
        while let faint = trailingFaint.removeFirst() { queue.enqueue(.refused(faint, .faintOutsideWalk)) }

        // The first stretch that can start a walk: a short walk, a walk resuming at the pace of
        // the run before, or a steady rhythm.
        if let stretch = selection.shortWalk(in: held, after: -.infinity, rhythm: rhythm) {
            return startFollowing(.shortWalk, stretch, question: .shortWalk, queue: &queue)
        }
        if let stretch = selection.resumedWalk(in: held, lastWalkEnded: carried.ended, lastWalkPeriod: carried.period) {
            return startFollowing(.resumed, stretch, question: .resumed, queue: &queue)
        }
        if let stretch = selection.rhythmWalk(in: held, stepsOnRhythm: run.stepsOnRhythm, since: run.rhythmRunStart,
                                              after: -.infinity, rhythm: rhythm) {
            return startFollowing(.rhythm, stretch, question: .rhythm, queue: &queue)
        }
        return nil
    }

    /// Follows the run from `stretch`: its held candidates are proposed as steps at its period,
    /// and it is the first stretch judged.
    mutating func startFollowing(_ how: Confirmation, _ stretch: StretchSelection.Stretch, question: WalkingQuestion,
                                 queue: inout FixedRing<PendingCandidate>) -> Request {
        run.phase = .following
        run.start = how
        run.period = stretch.period
        run.faintInARow = 0
        run.strongSinceJudgement = 0
        recent.removeAll()
        for i in max(stretch.start, held.count - selection.judgementSteps)..<held.count { recent.append(held[i]) }
        run.strongSteps = held.count - stretch.start
        run.judgementDue = nextJudgementDue()
        proposeHeld(from: stretch.start, queue: &queue)
        return Request(question: question, ring: .held, stretch: stretch)
    }

    /// Proposes the held candidates from `start`, and `extra` after them, as steps at the
    /// run's period (`StepCrediting.creditHeld`); the ones before are refused.
    func proposeHeld(from start: Int, extra: StepCandidate? = nil, queue: inout FixedRing<PendingCandidate>) {
        let period = run.period
        crediting.creditHeld(held, extra: extra, from: start, period: period) { i, credit in
            let candidate = i < held.count ? held[i] : extra ?? held[held.count - 1]
            switch credit {
            case .steps(let n, let after): queue.enqueue(.proposed(candidate, steps: n, after: after, period: period))
            case .refused(let reason): queue.enqueue(.refused(candidate, reason))
            }
        }
    }

    mutating func follow(_ candidate: StepCandidate, rhythm: Rhythm, queue: inout FixedRing<PendingCandidate>) -> Request? {
        let time = candidate.time
        // The period follows the rhythm while there is one: a wrist turned to read the watch
        // makes the magnitude repeat at another period for a few seconds, and a walk followed
        // there measures its stretches at the wrong lag and proposes the wrong steps.
        if selection.isPeriodic(rhythm) { run.period = crediting.followed(run.period, by: rhythm.stepPeriod) }
        if run.period < spacing.shortestStep {
            // Faster than anyone runs: not steps (a hand scrubbing), and not a pause either.
            queue.enqueue(.refused(candidate, .fasterThanWalking))
            endRun(resumable: false, queue: &queue)
            return nil
        }
        let gap = time - run.lastAccepted
        if candidate.isStrong && crediting.isHalfPeriod(gap: gap, period: run.period)
            && crediting.strikeAlike(candidate.height, run.lastStrongHeight) {
            run.halfPeriodRun += 1
            // Strong steps every half period: the walk was following its stride (a wrist's arm
            // swing, strong once a stride, can lead the rhythm there), and the steps are twice
            // as many.
            if run.halfPeriodRun >= crediting.configuration.halfPeriodSteps, run.period / 2 >= spacing.shortestStep {
                run.period /= 2
                run.halfPeriodRun = 0
            }
        } else if candidate.isStrong {
            run.halfPeriodRun = 0
        }
        if candidate.isStrong && isYoung && crediting.isBetweenSteps(gap: gap, period: run.period, tolerance: spacing.tolerance) {
            run.betweenSteps.add(gap)
            // Strong steps every one and a half periods, evenly: the rhythm is following a
            // third of the stride, not the step (a wrist's swing can make it repeat there),
            // and every other gap would be credited two steps. The candidates are the steps.
            if run.betweenSteps.count >= crediting.configuration.betweenStepsGaps {
                if run.betweenSteps.spread <= spacing.tolerance * run.period / 2 { run.period = gap }
                run.betweenSteps = GapRun()
            }
        } else if candidate.isStrong {
            run.betweenSteps = GapRun()
        }
        if candidate.isStrong { run.lastStrongHeight = candidate.height }
        guard let n = spacing.steps(in: gap, period: run.period) else {
            queue.enqueue(.refused(candidate, .secondBump))
            return nil
        }
        var request: Request?
        if !candidate.isStrong {
            // A faint peak counts only where a step is due, and only a few in a row.
            let onRhythm = spacing.isOnRhythm(time, last: run.lastAccepted, before: run.acceptedBefore, period: run.period)
            switch crediting.faintStep(steps: n, gap: gap, period: run.period, faintInARow: run.faintInARow, onRhythm: onRhythm) {
            case .ignored:
                queue.enqueue(.refused(candidate, n == 1 && run.faintInARow >= crediting.configuration.mostFaintStepsInARow
                                         ? .faintInARow : .faintOffRhythm))
                return nil
            case .lastStep:
                // Proposed if nothing follows it.
                if let earlier = run.finalStep { queue.enqueue(.refused(earlier, .faintNotLast)) }
                run.finalStep = candidate
                return nil
            case .credited:
                run.faintInARow += 1
            }
        } else {
            run.faintInARow = 0
            recent.append(candidate)
            run.strongSinceJudgement += 1
            run.strongSteps += 1
            if run.strongSinceJudgement >= run.judgementDue,
               let stretch = selection.stillWalking(recent, period: run.period, young: isJudgedAsYoung) {
                run.strongSinceJudgement = 0
                run.judgementDue = nextJudgementDue()
                request = Request(question: .stillWalking, ring: .recent, stretch: stretch)
            }
        }
        if let earlier = run.finalStep {
            queue.enqueue(.refused(earlier, .faintNotLast))
            run.finalStep = nil
        }
        queue.enqueue(.proposed(candidate, steps: n, after: run.lastAccepted, period: run.period))
        accept(time)
        return request
    }

    /// Whether the run followed is young: fewer strong steps than `StretchSelection.youngRunSteps`.
    var isYoung: Bool { run.strongSteps < selection.youngRunSteps }

    /// Whether the run's stretches are judged as a young run's (often, over its last short
    /// walk's worth of strong steps): while it is young and its bout is not yet sure it walks.
    var isJudgedAsYoung: Bool { isYoung && !run.boutIsSure }

    /// How many strong steps after a judgement the next is due: while the run is judged as
    /// young, `earlyJudgementInterval` (a short walk that came out of standing up is judged on
    /// its steps too), then `judgementInterval`.
    func nextJudgementDue() -> Int {
        isJudgedAsYoung ? selection.earlyJudgementInterval : selection.judgementInterval
    }

    /// The bout has reached `logOdds` of walking (its forward log-odds, nats) with the run's
    /// latest stretch judged. While the bout is at least `StretchSelection.sureOfWalking` sure,
    /// a young run is judged as a grown one and a run that ends is not judged once more; if it
    /// falls back, the run is judged as before. (The stretches judged then depend on the
    /// decision; the policies are learned from every stretch a young run could be judged at:
    /// tools/walking-model/train.py measures them with the rule off.)
    mutating func boutReached(walkingLogOdds logOdds: Double) {
        guard run.phase == .following else { return }
        let sure = logOdds >= selection.sureOfWalking
        guard sure != run.boutIsSure else { return }
        run.boutIsSure = sure
        run.judgementDue = nextJudgementDue()
    }

    @inline(__always)
    mutating func accept(_ time: Double) {
        run.acceptedBefore = run.lastAccepted
        run.lastAccepted = time
    }

    // MARK: Ending runs

    /// Ends the run going (no candidate for the longest step, a data gap, the stream's end):
    /// a run followed proposes its early last step; a run held is judged whole if it is a
    /// finished short walk, else its candidates are refused.
    /// - Returns: the finished short walk to judge, if there is one.
    mutating func endRun(queue: inout FixedRing<PendingCandidate>) -> Request? {
        switch run.phase {
        case .idle:
            return nil
        case .following:
            if let last = run.finalStep, last.time > run.lastAccepted {
                queue.enqueue(.proposed(last, steps: 1, after: last.time, period: run.period))
                run.lastAccepted = last.time
                run.finalStep = nil
            }
            // The steps since the last stretch judged are judged too, with the run's latest
            // (its ring of recent steps stays until the stretch is measured, `measured`),
            // unless the bout is sure it walks: they wait on the stretch before, as a grown
            // run's steps between two judgements do.
            var request: Request?
            if run.strongSinceJudgement >= selection.finalJudgementSteps, !run.boutIsSure,
               let stretch = selection.stillWalking(recent, period: run.period, young: isJudgedAsYoung) {
                request = Request(question: .stillWalking, ring: .recent, stretch: stretch)
            }
            endRun(resumable: true, queue: &queue, keepingRecent: request != nil)
            return request
        case .holding:
            guard let stretch = selection.finishedWalk(in: held, lastStep: trailingFaint.first, after: -.infinity),
                  let faint = trailingFaint.removeFirst() else {
                let reason: CandidateOutcome.Reason = held.count >= selection.shortWalkSteps ? .irregular : .tooFewSteps
                for i in 0..<held.count { queue.enqueue(.refused(held[i], reason)) }
                endRun(resumable: false, queue: &queue)
                return nil
            }
            // Judged whole, the faint last step with it, at the median gap. The run is over; its
            // held candidates stay until the stretch is measured (`measured`).
            run.period = stretch.period
            proposeHeld(from: stretch.start, extra: faint, queue: &queue)
            endRun(resumable: false, queue: &queue)
            carried = Carried(ended: faint.time, period: stretch.period)
            return Request(question: .finishedShortWalk, ring: .held, stretch: stretch)
        }
    }

    /// Forgets the run: only `carried` survives it (when it could resume). The held candidates
    /// are let go when the next run starts, or once a stretch of them asked about is measured.
    mutating func endRun(resumable: Bool, queue: inout FixedRing<PendingCandidate>, keepingRecent: Bool = false) {
        if let final = run.finalStep { queue.enqueue(.refused(final, .faintNotLast)) }
        while let faint = trailingFaint.removeFirst() { queue.enqueue(.refused(faint, .faintOutsideWalk)) }
        carried = resumable && run.phase == .following ? Carried(ended: run.lastAccepted, period: run.period) : Carried()
        run = Run()
        if !keepingRecent { recent.removeAll() }
    }
}

/// A candidate on its way to an outcome: refused already, or proposed as steps that wait on the
/// decision of the stretch (`BoutDecoder` node) they belong to.
struct PendingCandidate: Sendable {
    /// The candidate.
    var candidate: StepCandidate
    /// Why it was refused; nil while it waits on its node.
    var refusal: CandidateOutcome.Reason?
    /// How many steps it is proposed as, evenly spaced after `after`, the last at the candidate.
    var steps: Int
    /// The step before the first of them.
    var after: Double
    /// The walk's step period when it was proposed.
    var period: Double
    /// The node it waits on (set by the walking gate).
    var node: Int
    /// How many of its steps were reported provisional (`DetectorConfiguration.showsProvisionalSteps`).
    var provisional = 0

    /// A refused candidate.
    static func refused(_ candidate: StepCandidate, _ reason: CandidateOutcome.Reason) -> PendingCandidate {
        PendingCandidate(candidate: candidate, refusal: reason, steps: 0, after: candidate.time, period: 0, node: -1)
    }

    /// A candidate proposed as `steps` steps after `after`.
    static func proposed(_ candidate: StepCandidate, steps: Int, after: Double, period: Double) -> PendingCandidate {
        PendingCandidate(candidate: candidate, refusal: nil, steps: steps, after: after, period: period, node: -1)
    }
}

extension FixedRing where Element == PendingCandidate {
    /// Queues a candidate; the walking gate keeps room for every one an event can add.
    @inline(__always)
    mutating func enqueue(_ candidate: PendingCandidate) {
        precondition(!isFull, "the walking gate's queue of candidates overflowed")
        append(candidate)
    }
}
