/// Where the walking gate stands.
public enum GateState: UInt8, Sendable, Equatable {
    /// No run of candidates is followed and nothing waits on a decision.
    case idle
    /// Candidates wait on a decision, or a run is held until it can be judged.
    case deciding
    /// A run is followed, and its latest stretch decided was walking.
    case walking
}

/// How a run of candidates came to be followed as a walk (for plots and the scoreboard).
public enum Confirmation: String, Sendable, Equatable {
    /// A few steps whose spacing looks like walking (`shortWalkSteps`), or a finished short walk.
    case shortWalk = "short-walk"
    /// A few steps at the pace of a run that ended moments ago.
    case resumed
    /// `confirmationSteps` on a steady rhythm of a periodic signal.
    case rhythm
}

/// What the walking gate asks of the detector.
public enum GateAction: Sendable, Equatable {
    /// Nothing: the outcomes the gate has decided, if any, wait in `WalkingGate.nextOutcome()`.
    case none
    /// Measure this stretch (`MotionEvidence.features`) and give the gate what it shows
    /// (`WalkingGate.judged(_:features:stillness:)`).
    case judge(StretchRequest)
}

/// A stretch of candidates the walking gate asks the detector to measure.
public struct StretchRequest: Sendable, Equatable {
    /// What the stretch is asked as.
    public var question: WalkingQuestion
    /// The stretch: its first candidate and the periods to measure it at.
    public var stretch: StretchSelection.Stretch
    /// Which of the gate's rings holds its candidates (`WalkingGate.candidates(of:)`).
    let ring: StepTracker.Ring
    /// Whether it is a stretch measured again at half the period it was first measured at.
    public internal(set) var remeasured = false

    init(_ request: StepTracker.Request) {
        question = request.question
        stretch = request.stretch
        ring = request.ring
    }

    var trackerRequest: StepTracker.Request { StepTracker.Request(question: question, ring: ring, stretch: stretch) }
}

/// Decides which candidate steps are walking: a state machine that takes candidates, the
/// passing of time and the measurements it asked for, returns what it needs done
/// (`GateAction`, as swift-nio's state machines do), and gives every candidate an outcome
/// with its reason (`nextOutcome()`), counted or refused.
///
/// It composes three parts, each with its own tests:
/// - `StepTracker` follows each run of candidates as if it were a walk, and proposes its steps
///   and the stretches to judge, whatever the decision;
/// - `WalkingDecision` turns a stretch's features into evidence for walking, as the
///   placement's `PlacementPolicy` calibrates the walking model;
/// - `BoutDecoder` decides, from the evidence of every stretch of a bout, whether each is
///   walking: a stretch that dips between two that walk is judged with them.
///
/// A candidate proposed as steps waits on the decision of the stretch it belongs to: the next
/// stretch judged in its run, or the run's last. Offline (`DetectorConfiguration.decisionLag`
/// nil) a bout is decided when it ends, from all of it; live, each stretch `decisionLag`
/// seconds after it. Candidates come out in the order their fate became known, and their steps
/// in time order.
public struct WalkingGate: Sendable {
    var tracker: StepTracker
    /// The evidence a stretch's features give.
    let decision: WalkingDecision
    /// The decisions over each bout's stretches.
    var decoder: BoutDecoder
    /// Candidates whose outcome is not yet taken, oldest first.
    var pending: FixedRing<PendingCandidate>
    /// A silence this long ends a bout, seconds: a later run starts anew (`DetectorConfiguration.boutGap`).
    let boutGap: Double
    /// The latest time the gate has seen.
    var now = -Double.infinity
    /// The latest candidate's time.
    var lastCandidate = -Double.infinity
    /// The last stretch judged in the run going, if any: proposed steps after it wait on it
    /// when the run ends without another.
    var lastNodeOfRun: Int?
    /// The stream or a segment is ending: the bout ends whatever the time.
    var isFinishing = false
    /// The node whose decision an observer is told of next (`nextDecision()`).
    var nextReported = 0
    /// Whether the latest decided stretch of the bout going was walking.
    var latestDecidedWalking = false
    /// The steps reported provisional whose decision is still to come.
    public private(set) var provisionalSteps = 0

    /// Creates the stage from the detector's configuration.
    public init(configuration: DetectorConfiguration) {
        tracker = StepTracker(configuration: configuration)
        decision = WalkingDecision(configuration: configuration)
        let lag = configuration.decisionLag?.inSeconds
        // Live, the nodes and candidates of the lag and a run's wait for its next stretch;
        // offline, a bout of half an hour of walking, after which the oldest are decided with
        // what is known then.
        decoder = BoutDecoder(policy: decision.policy, lag: lag, capacity: lag == nil ? 1024 : 128)
        pending = FixedRing(capacity: lag == nil ? 8192 : 1024)
        boutGap = max(configuration.boutGap.inSeconds, tracker.spacing.longestStep)
    }

    // MARK: What the gate shows

    /// Where the gate stands.
    public var state: GateState {
        if tracker.run.phase == .following && latestDecidedWalking { return .walking }
        return tracker.run.phase == .idle && pending.isEmpty ? .idle : .deciding
    }

    /// How the run followed came to be followed, while one is.
    public var confirmation: Confirmation? { tracker.run.start }

    /// The step period of the run followed, seconds (0 when none is).
    public var period: Double { tracker.run.phase == .following ? tracker.run.period : 0 }

    /// Steps per minute at the current period while walking, else 0.
    public var cadence: Double { state == .walking && period > 0 ? 60 / period : 0 }

    /// The selection of stretches (what `StepDetector`'s probes measure with).
    public var selection: StretchSelection { tracker.selection }

    /// The candidates a requested stretch lies in.
    func candidates(of request: StretchRequest) -> FixedRing<StepCandidate> {
        tracker.candidates(of: request.trackerRequest)
    }

    /// The earliest time at which `advance(to:)` has work: a run that stops, a bout that ends,
    /// a stretch whose lag has passed. Inlined: called as a function, it is handed a copy of
    /// the whole gate (about 2 KB) at every candidate.
    public var nextDeadline: Double {
        @inline(__always) get {
            var deadline = Double.infinity
            if tracker.run.phase != .idle { deadline = tracker.run.lastAccepted + tracker.spacing.longestStep }
            if decoder.boutIsOpen { deadline = min(deadline, lastCandidate + boutGap) }
            if let lag = decoder.lag, let oldest = decoder.oldestUndecided { deadline = min(deadline, oldest.time + lag) }
            return deadline
        }
    }

    // MARK: Events

    /// Offers a candidate peak. `advance(to:)` its time first.
    public mutating func offer(_ candidate: StepCandidate, rhythm: Rhythm) -> GateAction {
        ensureRoom()
        now = max(now, candidate.time)
        if candidate.isStrong { lastCandidate = candidate.time }
        if let request = tracker.offer(candidate, rhythm: rhythm, queue: &pending) { return .judge(StretchRequest(request)) }
        return settle()
    }

    /// Time has passed to `time` (a frame, or a candidate about to be offered): runs that
    /// stopped end, bouts silent for `boutGap` end, stretches whose lag has passed are decided.
    public mutating func advance(to time: Double) -> GateAction {
        ensureRoom()
        now = max(now, time)
        if tracker.hasStopped(by: time) {
            if let request = endRun() { return .judge(StretchRequest(request)) }
        }
        return settle()
    }

    /// The stream (or a segment of it) ends: the run going ends, and so does the bout; every
    /// candidate is decided. Call `reset()` once the outcomes are taken.
    public mutating func finish() -> GateAction {
        ensureRoom()
        isFinishing = true
        if let request = endRun() { return .judge(StretchRequest(request)) }
        return settle()
    }

    /// Forgets everything after `finish()`: a new segment starts.
    public mutating func reset() {
        precondition(pending.isEmpty, "the outcomes are taken before the gate is reset")
        tracker.carried = StepTracker.Carried()
        lastNodeOfRun = nil
        isFinishing = false
        latestDecidedWalking = false
        now = -.infinity
        lastCandidate = -.infinity
    }

    /// What the stretch requested showed: its features (nil when the motion history could not
    /// measure it) and, for a finished short walk, how still the body was around it.
    /// - Returns: the evidence the stretch gave and the number of its node (nil when no node
    ///   was made of it: its candidates refused, or the stretch to be measured again), and what
    ///   the gate needs next.
    public mutating func judged(_ request: StretchRequest, features: WalkingFeatures?,
                                stillness: WalkingDecision.Stillness? = nil) -> (evidence: WalkingEvidence, node: Int?, action: GateAction) {
        if let features, !request.remeasured, request.question != .finishedShortWalk,
           request.stretch.period == tracker.run.period, tracker.crediting.measuredAtAStride(features, period: request.stretch.period) {
            // Measured at a stride: the run is followed at half the period from here, the steps
            // waiting on this stretch are proposed again at it, and the stretch is measured again.
            tracker.run.period /= 2
            reproposeAwaiting()
            var again = request
            again.stretch.lag /= 2
            again.stretch.period /= 2
            again.remeasured = true
            return (.none, nil, .judge(again))
        }
        var evidence = features.map { decision.evidence($0, stepPeriod: request.stretch.period) } ?? .none
        // A closure, not `decision.notStanding` itself: the method as a value would box the decision.
        evidence.refusal = stillness.flatMap { decision.notStanding($0) }
        let (node, action) = judged(request, evidence: evidence)
        return (evidence, node, action)
    }

    /// The candidates waiting on the next stretch, proposed again at the run's period now.
    mutating func reproposeAwaiting() {
        let period = tracker.run.period
        var i = pending.count - 1
        while i >= 0, pending[i].refusal != nil || pending[i].node < 0 {
            if pending[i].refusal == nil {
                let gap = pending[i].candidate.time - pending[i].after
                pending[i].steps = gap > 0 ? (tracker.spacing.steps(in: gap, period: period) ?? 1) : 1
                pending[i].period = period
            }
            i -= 1
        }
    }

    /// What the stretch requested showed, as evidence (its refusal set for a finished short
    /// walk that did not go from standing to standing).
    mutating func judged(_ request: StretchRequest, evidence: WalkingEvidence) -> (node: Int?, action: GateAction) {
        tracker.measured(request.trackerRequest)
        if let refusal = evidence.refusal {
            // A finished short walk that did not go from standing to standing is no walk: its
            // candidates are refused, and no stretch is decided.
            refuseAwaiting(refusal)
            return (nil, settle())
        }
        if decoder.isFull { decoder.decideOldest() }
        let node = decoder.append(time: request.stretch.lastStep ?? candidates(of: request).last?.time ?? now,
                                  evidence: evidence.evidence)
        if let latest = decoder.latest { tracker.boutReached(walkingLogOdds: latest.forward) }
        // The candidates proposed since the last stretch judged wait on this one.
        assignAwaiting(to: node)
        // (A stretch judged as its run ended leaves no run to wait on it.)
        lastNodeOfRun = tracker.run.phase == .idle ? nil : node
        return (node, settle())
    }

    // MARK: Outcomes

    /// A candidate whose outcome is final, with the steps it is counted as, oldest first; nil
    /// when the next is still undecided.
    public mutating func nextOutcome() -> DecidedCandidate? {
        guard let head = pending.first else { return forgetDecided() }
        let reason: CandidateOutcome.Reason
        if let refusal = head.refusal {
            reason = refusal
        } else if let node = decoder.node(head.node), let posterior = node.posterior {
            reason = posterior >= 0.5 ? .walking(posterior: posterior) : .notWalking(posterior: posterior)
        } else {
            return forgetDecided()
        }
        pending.removeFirst()
        provisionalSteps -= head.provisional
        let outcome = CandidateOutcome(candidate: head.candidate, steps: reason.counted ? head.steps : 0, proposed: head.steps,
                                       node: head.refusal == nil ? head.node : nil, reason: reason)
        return DecidedCandidate(outcome: outcome, after: head.after, period: head.period, provisional: head.provisional)
    }

    /// Whether the forward (filtered) look at the bout going says walking: the log-odds of
    /// walking from its stretches judged so far, before any later one weighs in.
    public var boutLooksWalking: Bool {
        guard decoder.boutIsOpen, let latest = decoder.latest else { return false }
        return latest.forward >= 0
    }

    /// Reports as provisional the proposed steps not yet reported, while the forward look at
    /// their bout says walking: `step(time, period)` for each, in time order within a
    /// candidate. Their decision comes later (`nextOutcome()`), and the same either way.
    public mutating func announceProvisional(_ step: (Double, Double) -> Void) {
        guard boutLooksWalking else { return }
        for i in 0..<pending.count {
            let candidate = pending[i]
            guard candidate.refusal == nil, candidate.steps > candidate.provisional else { continue }
            for k in (candidate.provisional + 1)...candidate.steps {
                step(evenStepTime(k, of: candidate.steps, after: candidate.after, until: candidate.candidate.time), candidate.period)
            }
            provisionalSteps += candidate.steps - candidate.provisional
            pending[i].provisional = candidate.steps
        }
    }

    /// A stretch whose decision is final, in the order they were judged; nil when the next is
    /// not yet decided.
    public mutating func nextDecision() -> BoutDecoder.Node? {
        guard let node = decoder.node(nextReported), node.decided != nil else { return nil }
        nextReported += 1
        if node.startsBout || tracker.run.phase != .idle { latestDecidedWalking = node.walking ?? false }
        return node
    }

    /// Forgets the decided stretches no candidate waits on and every observer was told of.
    mutating func forgetDecided() -> DecidedCandidate? {
        var oldestNeeded = nextReported
        for i in 0..<pending.count where pending[i].refusal == nil && pending[i].node >= 0 {
            oldestNeeded = min(oldestNeeded, pending[i].node)
            break
        }
        decoder.forget(before: oldestNeeded)
        return nil
    }

    // MARK: Inside

    /// Ends the run going: its proposed steps after its last stretch wait on that stretch, or
    /// on the finished short walk to be judged.
    mutating func endRun() -> StepTracker.Request? {
        if let request = tracker.endRun(queue: &pending) { return request }
        if let last = lastNodeOfRun {
            assignAwaiting(to: last)
        } else {
            refuseAwaiting(.tooFewSteps)
        }
        lastNodeOfRun = nil
        return nil
    }

    /// The candidates proposed since the last stretch judged (the newest, after the last that
    /// waits on a stretch; refused ones may lie between them) now wait on `node`.
    mutating func assignAwaiting(to node: Int) {
        var i = pending.count - 1
        while i >= 0, pending[i].refusal != nil || pending[i].node < 0 {
            if pending[i].refusal == nil { pending[i].node = node }
            i -= 1
        }
    }

    /// Refuses the candidates that wait on a stretch not yet judged.
    mutating func refuseAwaiting(_ reason: CandidateOutcome.Reason) {
        var i = pending.count - 1
        while i >= 0, pending[i].refusal != nil || pending[i].node < 0 {
            if pending[i].refusal == nil {
                pending[i].refusal = reason
                pending[i].steps = 0
            }
            i -= 1
        }
    }

    /// Ends a bout silent for `boutGap` (or every bout, when finishing), and decides the
    /// stretches whose lag has passed.
    mutating func settle() -> GateAction {
        if decoder.boutIsOpen && (isFinishing || now - lastCandidate > boutGap) && tracker.run.phase == .idle {
            decoder.endBout()
            latestDecidedWalking = false
        }
        decoder.decide(by: now)
        return .none
    }

    /// Makes room for what one event can add (a stretch, and the candidates of a run held):
    /// when the rings are nearly full, the oldest stretches are decided now, with what is known,
    /// and the detector takes their candidates after this event, as after every event.
    mutating func ensureRoom() {
        if decoder.count >= decoder.capacity - 2 { decoder.decideOldest() }
        if pending.count >= pending.capacity - 128, let head = pending.first, head.refusal == nil, head.node >= 0 {
            while decoder.node(head.node)?.decided == nil, decoder.oldestUndecided != nil { decoder.decideOldest() }
        }
    }
}

/// A candidate whose outcome is final, and what its steps are: `outcome.steps` evenly spaced
/// after `after`, the last at the candidate.
public struct DecidedCandidate: Sendable, Equatable {
    /// The outcome.
    public var outcome: CandidateOutcome
    /// The step before its first.
    public var after: Double
    /// The walk's step period when it was proposed.
    public var period: Double
    /// How many of its steps were reported provisional before the decision
    /// (`DetectorConfiguration.showsProvisionalSteps`; 0 without).
    public var provisional: Int = 0

    /// The provisional steps the decision took back: those reported beyond the steps counted.
    public var withdrawn: Int { max(0, provisional - outcome.steps) }

    /// Calls `step(time, period)` for each step it is counted as.
    @inline(__always)
    public func forEachStep(_ step: (Double, Double) -> Void) {
        guard outcome.steps > 0 else { return }
        for k in 1...outcome.steps { step(evenStepTime(k, of: outcome.steps, after: after, until: outcome.candidate.time), period) }
    }
}

/// The time of the `k`th of a candidate's `steps` steps, spread evenly after the walk's previous
/// step (`after`) up to the candidate itself (`time`, the last): where the final steps are
/// credited and where their provisional look reported them.
@inline(__always)
func evenStepTime(_ k: Int, of steps: Int, after: Double, until time: Double) -> Double {
    after + (time - after) * Double(k) / Double(steps)
}
