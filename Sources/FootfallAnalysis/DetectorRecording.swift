import FootfallDetection
import FootfallText
import FootfallTraces

/// Everything the detector saw and decided over one trace: the frames of every stage, the
/// candidate peaks and the counted steps. Feeds `footfall plot`.
public struct DetectorRecording: Sendable {
    /// One frame per processing period.
    public var frames: [DetectorFrame] = []
    /// Every candidate peak the peak stage released.
    public var candidates: [StepCandidate] = []
    /// Every step counted.
    public var steps: [StepEvent] = []
    /// Every judgement the walking gate made.
    public var judgements: [GateJudgement] = []
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
        judgements = observer.judgements
        self.steps = steps
    }

    struct Collector: DetectorObserver {
        var frames: [DetectorFrame] = []
        var candidates: [StepCandidate] = []
        var judgements: [GateJudgement] = []
        mutating func observe(_ frame: DetectorFrame) { frames.append(frame) }
        mutating func observe(candidate: StepCandidate) { candidates.append(candidate) }
        mutating func observe(judgement: GateJudgement) { judgements.append(judgement) }
    }

    /// The candidate peaks as CSV (`time,height,strong,counted`); `counted` says whether a
    /// counted step lies within 50 ms of the peak.
    public func candidatesCSV() -> String {
        var out = "time,height,strong,counted\n"
        let counted = steps.map(\.time).sorted()
        for c in candidates {
            let near = counted.contains { abs($0 - c.time) < 0.05 }
            out += "\(formatted(c.time, decimals: 4)),\(formatted(c.height, decimals: 4)),\(c.isStrong ? 1 : 0),\(near ? 1 : 0)\n"
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
    /// `question`), the verdict (`walking`), the walking model's probability, the probability
    /// the question needed (`threshold`) and why the verdict is what it is (`reason`:
    /// `walking`, `below-threshold`, `outside-envelope`, `faster-than-walking`, `no-motion`,
    /// `not-still-before`, `not-still-after`), the feature outside the walking envelope if one
    /// was (`outside`), the three features that moved the regression most with their
    /// contributions to the log-odds (`moved_most`, as `name:+1.23` separated by spaces), then
    /// every feature's value.
    public func judgementsCSV() -> String {
        var out = "time,from,question,walking,probability,threshold,reason,outside,moved_most,"
            + WalkingFeatures.names.joined(separator: ",") + "\n"
        for j in judgements {
            out += "\(formatted(j.time, decimals: 3)),\(formatted(j.from, decimals: 3)),\(j.question.rawValue),\(j.walking ? 1 : 0),"
            out += formatted(j.probability, decimals: 3) + "," + formatted(j.threshold, decimals: 3) + "," + j.reason.name + ","
            out += (walkingModel.outsideEnvelope(j.features).map { WalkingFeatures.names[$0] } ?? "") + ","
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
