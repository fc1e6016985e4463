import FootfallDetection
import FootfallText
import FootfallTraces

/// Everything the detector saw and decided over one trace: the frames of every stage, the
/// candidate peaks with their outcomes, the stretches judged with their decisions, and the
/// counted steps. Feeds `footfall plot`.
public struct DetectorRecording: Sendable {
    /// One frame per processing period.
    public var frames: [DetectorFrame] = []
    /// Every candidate peak the peak stage released.
    public var candidates: [StepCandidate] = []
    /// Every step counted.
    public var steps: [StepEvent] = []
    /// Every candidate's outcome, in the order they became final.
    public var outcomes: [CandidateOutcome] = []
    /// Every judgement the walking gate made.
    public var judgements: [GateJudgement] = []
    /// Every judged stretch's decision, by its node number.
    public var decisions: [Int: BoutDecoder.Node] = [:]
    /// The walking model the judgements were made with.
    public var walkingModel: WalkingModel

    /// Runs the detector over samples and records every stage.
    public init(samples: [Sample], configuration: DetectorConfiguration = .default) {
        walkingModel = configuration.walkingModel
        var detector = StepDetector(configuration: configuration)
        var observer = Collector()
        var steps: [StepEvent] = []
        for sample in samples {
            detector.process(sample, observer: &observer) { steps.append($0) }
        }
        detector.finish(observer: &observer) { steps.append($0) }
        frames = observer.frames
        candidates = observer.candidates
        outcomes = observer.outcomes
        judgements = observer.judgements
        decisions = observer.decisions
        self.steps = steps
    }

    struct Collector: DetectorObserver {
        var frames: [DetectorFrame] = []
        var candidates: [StepCandidate] = []
        var judgements: [GateJudgement] = []
        var outcomes: [CandidateOutcome] = []
        var decisions: [Int: BoutDecoder.Node] = [:]
        mutating func observe(_ frame: DetectorFrame) { frames.append(frame) }
        mutating func observe(candidate: StepCandidate) { candidates.append(candidate) }
        mutating func observe(judgement: GateJudgement) { judgements.append(judgement) }
        mutating func observe(outcome: CandidateOutcome) { outcomes.append(outcome) }
        mutating func observe(decision: BoutDecoder.Node) { decisions[decision.number] = decision }
    }

    /// The candidate peaks as CSV, in time order, each with its outcome as the gate decided it
    /// (`time,height,strong,counted,steps,outcome,node,posterior`): `counted` 1 or 0, `steps`
    /// the steps it was counted as, `outcome` why (`CandidateOutcome.Reason.name`), `node` the
    /// judged stretch whose decision decided it (empty when none did) and `posterior` that
    /// decision's probability of walking.
    public func candidatesCSV() -> String {
        var out = "time,height,strong,counted,steps,outcome,node,posterior\n"
        for o in outcomes.sorted(by: { $0.candidate.time < $1.candidate.time }) {
            let c = o.candidate
            out += "\(formatted(c.time, decimals: 4)),\(formatted(c.height, decimals: 4)),\(c.isStrong ? 1 : 0),"
            out += "\(o.reason.counted ? 1 : 0),\(o.steps),\(o.reason.name),\(o.node.map(String.init) ?? ""),"
            out += (o.reason.posterior.map { formatted($0, decimals: 3) } ?? "") + "\n"
        }
        return out
    }

    /// The frames as CSV (`time,magnitude,filtered,threshold,gate,confirmation`), for analysis
    /// elsewhere; `confirmation` is how the walk was confirmed (`short-walk`, `resumed`,
    /// `rhythm`) while walking, empty otherwise.
    public func framesCSV() -> String {
        var out = "time,magnitude,filtered,threshold,gate,confirmation\n"
        for f in frames {
            out += "\(formatted(f.time, decimals: 4)),\(formatted(f.magnitude, decimals: 4)),"
            out += "\(formatted(f.filtered, decimals: 4)),\(formatted(f.threshold, decimals: 4)),\(f.gate.rawValue),"
            out += "\(f.confirmation?.rawValue ?? "")\n"
        }
        return out
    }

    /// The gate's judgements as CSV: which stretch of candidates it judged (`time`, `from`,
    /// `question`, its `node`), what the walking model read (`probability`, the forest's; the
    /// feature outside the walking envelope if one was, `outside`; the three features that moved
    /// the forest most with their contributions to the log-odds, `moved_most`, as `name:+1.23`
    /// separated by spaces), the `evidence` that gave (nats), the bout's decision (`posterior`,
    /// `walking`; empty for a finished short walk refused as not still, whose `reason` says so),
    /// then every feature's value.
    public func judgementsCSV() -> String {
        var out = "time,from,question,node,probability,evidence,posterior,walking,reason,outside,moved_most,"
            + WalkingFeatures.names.joined(separator: ",") + "\n"
        for j in judgements {
            let decision = decisions[j.node]
            out += "\(formatted(j.time, decimals: 3)),\(formatted(j.from, decimals: 3)),\(j.question.rawValue),\(j.node),"
            out += formatted(j.evidence.probability, decimals: 3) + "," + formatted(j.evidence.evidence, decimals: 3) + ","
            out += (decision?.posterior.map { formatted($0, decimals: 3) } ?? "") + ","
            out += (decision?.walking.map { $0 ? "1" : "0" } ?? "") + ","
            out += (j.evidence.refusal?.name ?? (decision?.walking == true ? "walking" : decision == nil ? "" : "not-walking")) + ","
            out += (j.evidence.outsideEnvelope.map { WalkingFeatures.names[$0] } ?? "") + ","
            out += Self.movedMost(walkingModel.contributions(j.features)) + ","
            out += (0..<WalkingFeatures.count).map { formatted(j.features.values[$0], decimals: 3) }.joined(separator: ",")
            out += "\n"
        }
        return out
    }

    /// The three largest contributions to a judgement's log-odds, largest first.
    static func movedMost(_ contributions: SIMD32<Double>) -> String {
        let ranked = (0..<WalkingFeatures.count).sorted { abs(contributions[$0]) > abs(contributions[$1]) }.prefix(3)
        return ranked.map { i in
            let value = contributions[i]
            return WalkingFeatures.names[i] + ":" + (value >= 0 ? "+" : "-") + formatted(abs(value), decimals: 2)
        }.joined(separator: " ")
    }
}
