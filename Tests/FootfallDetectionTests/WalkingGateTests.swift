import Foundation
import Testing
@testable import FootfallDetection

/// The walking gate as a state machine, driven with scripted candidates and scripted evidence:
/// every candidate ends with one outcome and its reason, a walk counts from its first step, a
/// dip is judged with the walk around it, bouts apart are independent, and a run's end leaves
/// nothing behind but what a resumed walk needs.
struct WalkingGateTests {
    /// Drives a gate as the detector does: measures what it asks about with `evidence` (a
    /// stretch's walking log-odds, by the time of its newest candidate) and takes every outcome.
    struct Driver {
        var gate: WalkingGate
        var outcomes: [CandidateOutcome] = []
        var decisions: [BoutDecoder.Node] = []
        var requests: [StretchRequest] = []
        /// The newest candidate of each stretch requested.
        var judgedAt: [Double] = []
        var steps: [Double] = []
        /// The steps reported provisional, and the provisional steps the decisions took back.
        var provisional: [Double] = []
        var withdrawn = 0
        let evidence: (Double) -> Double

        /// A gate at `policy`'s bout lengths and start, deciding with `lag`.
        init(lag: Double? = nil, policy: PlacementPolicy = PlacementPolicy(walkingBoutSeconds: 60, notWalkingSpellSeconds: 60),
             sureOfWalking: Double = StretchSelection.Configuration().sureOfWalking,
             evidence: @escaping (Double) -> Double) {
            var configuration = DetectorConfiguration()
            configuration.selection.sureOfWalking = sureOfWalking
            configuration.placement = .body
            configuration.decisionLag = lag.map { .milliseconds(Int64($0 * 1000)) }
            configuration.showsProvisionalSteps = true
            configuration.walkingModel = WalkingModel(forest: .constant(0), body: policy)
            gate = WalkingGate(configuration: configuration)
            self.evidence = evidence
        }

        mutating func offer(_ time: Double, strong: Bool = true, height: Double = 1, rhythm: Rhythm = .none) {
            perform(gate.advance(to: time))
            perform(gate.offer(StepCandidate(time: time, height: height, isStrong: strong), rhythm: rhythm))
        }

        mutating func advance(to time: Double) { perform(gate.advance(to: time)) }

        mutating func finish() {
            perform(gate.finish())
            gate.reset()
        }

        mutating func perform(_ action: GateAction) {
            var action = action
            while case .judge(let request) = action {
                requests.append(request)
                let newest = request.stretch.lastStep ?? gate.candidates(of: request).last!.time
                judgedAt.append(newest)
                let e = evidence(newest)
                action = gate.judged(request, evidence: WalkingEvidence(probability: 1 / (1 + exp(-e)), logOdds: e,
                                                                        outsideEnvelope: nil, evidence: e)).action
            }
            while let node = gate.nextDecision() { decisions.append(node) }
            while let decided = gate.nextOutcome() {
                outcomes.append(decided.outcome)
                decided.forEachStep { time, _ in steps.append(time) }
                withdrawn += decided.withdrawn
            }
            gate.announceProvisional { time, _ in provisional.append(time) }
        }
    }

    @Test func everyCandidateEndsWithOneOutcome() {
        var driver = Driver { _ in 4 }
        var offered: [Double] = []
        // A walk of twelve steps with a second bump and a faint step between, then a lone bump.
        for i in 0..<12 {
            let time = 1 + Double(i) * 0.5
            driver.offer(time)
            offered.append(time)
            if i == 3 { driver.offer(time + 0.1); offered.append(time + 0.1) }
        }
        driver.offer(9, strong: false)
        offered.append(9)
        driver.offer(20)
        offered.append(20)
        driver.finish()
        #expect(driver.outcomes.map(\.candidate.time).sorted() == offered.sorted())
        let reasons = Dictionary(driver.outcomes.map { ($0.candidate.time, $0.reason.name) }, uniquingKeysWith: { a, _ in a })
        #expect(reasons[2.6] == "second-bump")
        #expect(reasons[9] == "faint-outside-walk")
        #expect(reasons[20] == "too-few-steps")
        #expect(driver.outcomes.filter(\.reason.counted).count == 12)
        #expect(driver.steps.count == 12)
    }

    @Test func aShortWalkCountsFromItsFirstStep() {
        var driver = Driver { _ in 6 }
        for i in 0..<5 { driver.offer(1 + Double(i) * 0.55) }
        driver.advance(to: 30)
        #expect(driver.steps.count == 5)
        #expect(driver.steps.first == 1)
        #expect(driver.requests.first?.question == .shortWalk)
    }

    @Test func aDipIsJudgedWithTheWalkAroundIt() {
        // A walk of 60 steps whose stretches are judged walking, except two in the middle.
        let dip = 12.0...20.0
        var driver = Driver { dip.contains($0) ? -2.5 : 5 }
        for i in 0..<60 { driver.offer(1 + Double(i) * 0.5) }
        driver.finish()
        #expect(driver.decisions.count >= 6)
        #expect(driver.decisions.allSatisfy { $0.walking == true })
        #expect(driver.steps.count == 60)
        // Alone, the same dip's stretches are refused.
        var alone = Driver { _ in -2.5 }
        for i in 0..<16 { alone.offer(12 + Double(i) * 0.5) }
        alone.finish()
        #expect(alone.steps.isEmpty)
        #expect(alone.outcomes.allSatisfy { !$0.reason.counted })
        #expect(alone.outcomes.contains { $0.reason.name == "not-walking" })
    }

    @Test func twoWalksSeparatedByAGapAreIndependent() {
        // The second walk, weakly evidenced, after a walk of clear evidence and after a clear
        // refusal: a silence longer than the bout gap between, so its decision is its own.
        func second(after first: Double) -> [CandidateOutcome] {
            var driver = Driver { $0 < 30 ? first : -0.3 }
            for i in 0..<24 { driver.offer(1 + Double(i) * 0.5) }
            for i in 0..<24 { driver.offer(40 + Double(i) * 0.5) }
            driver.finish()
            return driver.outcomes.filter { $0.candidate.time >= 40 }
        }
        let afterWalking = second(after: 8), afterStill = second(after: -8)
        #expect(afterWalking.map(\.reason) == afterStill.map(\.reason))
        #expect(afterWalking.count == 24)
    }

    @Test func aRhythmAtAThirdOfTheStrideGivesWayToTheSteps() {
        // A wrist walk whose rhythm estimate locked onto a third of the stride (0.38 s) while
        // its strong steps come every 0.575 s, one and a half periods apart, as pebble-wrist's
        // walk_200_pbl_25670_11 does: followed at the rhythm, every other gap counted two steps.
        let thirdOfStride = Rhythm(stepPeriod: 0.38, strength: 0.9)
        var driver = Driver { _ in 5 }
        for i in 0..<40 { driver.offer(1 + Double(i) * 0.575, height: i % 2 == 0 ? 3.8 : 2.2, rhythm: thirdOfStride) }
        #expect(abs(driver.gate.tracker.run.period - 0.575) < 0.01)
        driver.finish()
        // The first gaps are credited at the rhythm (two of them twice) until three in a row
        // show the period is not the step; from then on, a step per candidate.
        #expect(driver.steps.count >= 40 && driver.steps.count <= 42)

        // Steps that do come a whole number of periods apart are left alone: a walk whose strong
        // steps are every stride (every 1.1 s at a 0.55 s rhythm) counts two steps a gap.
        var strides = Driver { _ in 5 }
        for i in 0..<30 { strides.offer(1 + Double(i) * 1.1, rhythm: Rhythm(stepPeriod: 0.55, strength: 0.9)) }
        strides.finish()
        #expect(strides.steps.count >= 58)
    }

    @Test func aRunIsJudgedAsAGrownOneOnceItsBoutIsSureItWalks() {
        // A walk of 30 steps, every 0.5 s, whose every stretch is clear walking (8 nats): its
        // bout is sure it walks from its first stretch on.
        func run(sureOfWalking: Double) -> Driver {
            var driver = Driver(sureOfWalking: sureOfWalking) { _ in 8 }
            for i in 0..<30 { driver.offer(1 + Double(i) * 0.5) }
            driver.finish()
            return driver
        }
        let selection = WalkingGate(configuration: DetectorConfiguration()).selection
        let young = run(sureOfWalking: .infinity), sure = run(sureOfWalking: 5)
        #expect(young.steps.count == 30 && sure.steps.count == 30)
        // Never sure: while young, judged every `earlyJudgementInterval` strong steps over its
        // last short walk's worth; then as a grown run; and once more as it ends, on its last step.
        let youngStretches = young.requests.dropFirst().prefix { $0.stretch.start > 0 }
        // (From the 4 strong steps it started on: at the 6th, 8th, ..., 14th; the 16th is grown.)
        #expect(youngStretches.count == (selection.youngRunSteps - 1 - selection.shortWalkSteps) / selection.earlyJudgementInterval)
        #expect(young.judgedAt.last == 15.5)
        // Sure: after the stretch it started on, judged every `judgementInterval` strong steps
        // over its latest `judgementSteps`, and not again as it ends: its last steps wait on
        // the stretch before.
        #expect(sure.requests.count == 1 + (30 - selection.shortWalkSteps) / selection.judgementInterval)
        #expect(sure.requests.dropFirst().allSatisfy { $0.question == .stillWalking && $0.stretch.start == 0 })
        #expect(sure.judgedAt.last! < 15.5)
    }

    @Test func nothingOfARunSurvivesItsEnd() {
        var driver = Driver { _ in 5 }
        for i in 0..<22 { driver.offer(1 + Double(i) * 0.5, height: i % 2 == 0 ? 1 : 0.9) }
        #expect(driver.gate.tracker.run.phase == .following)
        #expect(driver.gate.tracker.run.strongSinceJudgement > 0)
        #expect(driver.gate.tracker.run.boutIsSure)
        driver.advance(to: 20)
        // Everything the run knew is gone: its state is a new run's. Carried is what a
        // resumed walk needs: when the run ended and at what pace.
        let fresh = StepTracker.Run()
        let run = driver.gate.tracker.run
        #expect(run.phase == fresh.phase && run.strongSinceJudgement == fresh.strongSinceJudgement
                && run.lastStrongHeight == fresh.lastStrongHeight && run.halfPeriodRun == fresh.halfPeriodRun
                && run.betweenSteps == fresh.betweenSteps && run.boutIsSure == fresh.boutIsSure
                && run.period == fresh.period && run.finalStep == nil && run.faintInARow == 0)
        #expect(driver.gate.tracker.carried.ended == 11.5)
        #expect(abs(driver.gate.tracker.carried.period - 0.5) < 0.01)
    }

    @Test func aWalkResumedAfterAPauseIsPickedUpOnThreeSteps() {
        var driver = Driver { _ in 5 }
        for i in 0..<10 { driver.offer(1 + Double(i) * 0.5) }
        // A pause of three seconds (a door), then three steps at the same pace.
        for i in 0..<3 { driver.offer(8.5 + Double(i) * 0.5) }
        driver.finish()
        #expect(driver.requests.contains { $0.question == .resumed })
        #expect(driver.steps.count == 13)
    }

    @Test func liveTheStepsWaitForTheLagAndThenMatchTheRecordings() {
        func run(lag: Double?) -> (steps: [Double], countedBy: [Double: Int]) {
            var driver = Driver(lag: lag) { $0 < 15 ? 5 : -3 }
            var countedBy: [Double: Int] = [:]
            for i in 0..<40 {
                let time = 1 + Double(i) * 0.5
                driver.offer(time)
                countedBy[time] = driver.steps.count
            }
            driver.finish()
            return (driver.steps, countedBy)
        }
        let offline = run(lag: nil), live = run(lag: 30)
        #expect(live.steps == offline.steps)
        // Offline nothing is counted before the bout ends; live, a step waits no more than the
        // lag and its stretch.
        #expect(offline.countedBy[20.5] == 0)
        let shortLag = run(lag: 4)
        #expect((shortLag.countedBy[20.5] ?? 0) > 0)
    }

    @Test func aWalkIsProvisionalAtItsFirstJudgementAndFinalAtItsDecision() {
        // Live with a long lag: the steps are provisional as soon as the first stretch says
        // walking, seconds before the decision counts them; at the decision they are final,
        // the same steps the recording's decision counts, and nothing is pending.
        var driver = Driver(lag: 30) { _ in 5 }
        var provisionalBy: [Double: Int] = [:]
        for i in 0..<20 {
            let time = 1 + Double(i) * 0.5
            driver.offer(time)
            provisionalBy[time] = driver.provisional.count
        }
        #expect(driver.steps.isEmpty)
        #expect((provisionalBy[3] ?? 0) >= 4, "\(provisionalBy)")
        #expect(driver.gate.provisionalSteps == driver.provisional.count)
        driver.finish()
        var offline = Driver { _ in 5 }
        for i in 0..<20 { offline.offer(1 + Double(i) * 0.5) }
        offline.finish()
        #expect(driver.steps == offline.steps)
        #expect(driver.provisional == driver.steps)
        #expect(driver.withdrawn == 0)
        #expect(driver.gate.provisionalSteps == 0)
    }

    @Test func aProvisionalStepTheDecisionRefusesIsWithdrawnAndNothingStaysPending() {
        // The first stretch looks like walking, every later one clearly not: the forward look
        // proposes the first steps, the decision over the bout (smoothed, with what came after)
        // refuses them, and they are withdrawn; the pending count falls to zero.
        var driver = Driver(lag: 30) { $0 < 3 ? 2 : -12 }
        for i in 0..<8 { driver.offer(1 + Double(i) * 0.5) }
        let pendingBefore = driver.gate.provisionalSteps
        #expect(pendingBefore > 0)
        #expect(driver.steps.isEmpty)
        driver.finish()
        #expect(driver.withdrawn == pendingBefore)
        #expect(driver.withdrawn == driver.provisional.count - driver.provisional.filter(driver.steps.contains).count)
        #expect(driver.gate.provisionalSteps == 0)
    }
}
