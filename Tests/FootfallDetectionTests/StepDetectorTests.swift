import Testing
import FootfallAnalysis
import FootfallDetection
import FootfallTestSupport
import FootfallTraces

/// The detector as a whole on real recordings: how its stages' timing meets the gate's.
struct StepDetectorTests {
    /// How many runs of candidates the gate began to follow (each starts with a judgement of
    /// its first stretch).
    struct RunStarts: DetectorObserver {
        var runs = 0
        mutating func observe(_ frame: DetectorFrame) {}
        mutating func observe(judgement: GateJudgement) { if judgement.question.startsARun { runs += 1 } }
    }

    @Test func aLongWristWalkIsOneWalk() throws {
        // Fifteen minutes of walking with a Bangle.js at 12.5 Hz, one arm swinging: a step's
        // lobe of the band-passed signal can stay open for half a second after its peak, and
        // until it closes the step is not out of the peak stage. A run ends when no step came
        // for `maximumStepInterval`; judged by the candidates' own times, those still in the
        // peak stage included, the run is not cut before its next step is out (it was cut
        // 12 times here, and some 30 steps lost in the restarts).
        let path = SampleTracesLocation.path("bangle/HughB-walk-1834.csv.gz")
        var detector = StepDetector(configuration: try DetectorConfiguration.default.atPlacement(ofTrace: path))
        var observer = RunStarts()
        var steps = 0
        _ = try Recording.forEachBatch(path: path) { batch in
            for sample in batch { detector.process(sample, observer: &observer) { _ in steps += 1 } }
        }
        detector.finish(observer: &observer) { _ in steps += 1 }
        #expect(observer.runs <= 3, "the walk was followed as \(observer.runs) runs")
        // The reference is the wearer's own count of a long log, approximate.
        #expect(abs(Double(steps) / 1834 - 1) <= 0.03, "\(steps) steps for about 1834")
    }
}

/// The live decision (fixed-lag) against the decision over the whole recording, on real
/// recordings: once the lag covers every bout, the two count the same steps at the same times.
struct LiveDecisionTests {
    func steps(_ trace: String, lag: Double?) throws -> [Double] {
        let path = SampleTracesLocation.path(trace)
        var configuration = try DetectorConfiguration.default.atPlacement(ofTrace: path)
        configuration.decisionLag = lag.map { .milliseconds(Int64($0 * 1000)) }
        var detector = StepDetector(configuration: configuration)
        var times: [Double] = []
        _ = try Recording.forEachBatch(path: path) { batch in detector.process(batch) { times.append($0.time) } }
        detector.finish { times.append($0.time) }
        return times
    }

    @Test(arguments: ["daily/short-walks-neck-pouch.csv", "bangle/100_1.csv", "wisdm/1620_stairs.csv.gz"])
    func onceTheLagCoversTheBoutsTheLiveDecisionIsTheRecordings(trace: String) throws {
        let offline = try steps(trace, lag: nil)
        #expect(!offline.isEmpty)
        #expect(try steps(trace, lag: 3600) == offline)
    }

    /// The steps of a live run with provisional steps shown: final, provisional and withdrawn.
    func looks(_ trace: String, lag: Double) throws -> (final: [Double], provisional: Int, withdrawn: Int, pendingAtEnd: Int) {
        let path = SampleTracesLocation.path(trace)
        var configuration = try DetectorConfiguration.default.atPlacement(ofTrace: path)
        configuration.decisionLag = .milliseconds(Int64(lag * 1000))
        configuration.showsProvisionalSteps = true
        var detector = StepDetector(configuration: configuration)
        var final: [Double] = [], provisional = 0, withdrawn = 0
        func take(_ step: StepEvent) {
            switch step.kind {
            case .final: final.append(step.time)
            case .provisional: provisional += 1
            case .withdrawn: withdrawn += 1
            }
        }
        _ = try Recording.forEachBatch(path: path) { batch in detector.process(batch, onStep: take) }
        detector.finish(onStep: take)
        #expect(detector.stepCount == final.count)
        #expect(detector.provisionalReported == provisional && detector.withdrawnSteps == withdrawn)
        return (final, provisional, withdrawn, detector.pendingSteps)
    }

    @Test(arguments: ["daily/short-walks-neck-pouch.csv", "bangle/100_1.csv", "oxford/Samsung_Dario_Hard_InHand_1.csv"])
    func provisionalStepsLeaveTheFinalCountAsItWas(trace: String) throws {
        // The provisional steps are the decision's first look: the final steps are the same
        // with them shown or not, at the live lag and once the lag covers the bouts.
        for lag in [DetectorConfiguration.liveDecisionLag.inSeconds, 3600] {
            let live = try looks(trace, lag: lag)
            #expect(live.final == (try steps(trace, lag: lag)))
            #expect(live.provisional > 0)
            #expect(live.pendingAtEnd == 0)
            // Every provisional step ends final or withdrawn; a final step may come without a
            // provisional look (a stretch decided before its bout's forward look said walking).
            #expect(live.withdrawn <= live.provisional && live.provisional - live.withdrawn <= live.final.count)
        }
    }

    @Test func liveStepsComeInTimeOrderAndNearlyAllAreTheRecordings() throws {
        // A lag shorter than the walk decides its stretches before the walk is over: the
        // decisions may differ, but few do on a real walk, and steps still come in order.
        let offline = try steps("oxford/Samsung_Dario_Hard_InHand_1.csv", lag: nil)
        let live = try steps("oxford/Samsung_Dario_Hard_InHand_1.csv", lag: DetectorConfiguration.liveDecisionLag.inSeconds)
        #expect(live == live.sorted())
        #expect(abs(live.count - offline.count) <= offline.count / 50, "\(live.count) live against \(offline.count)")
    }
}
