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

    /// Runs the detector over samples and records every stage.
    public init(samples: [Sample], configuration: DetectorConfiguration = .default) {
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

    /// The gate's judgements as CSV (`time,from,question,walking,periodicity,along,across,
    /// across_to_along,orientation_spread`): which stretch of candidates it judged, what the
    /// motion looked like there (see `WindowEvidence`) and whether it was walking.
    public func judgementsCSV() -> String {
        var out = "time,from,question,walking,periodicity,along,across,across_to_along,orientation_spread\n"
        for j in judgements {
            let e = j.evidence
            out += "\(formatted(j.time, decimals: 3)),\(formatted(j.from, decimals: 3)),\(j.question.rawValue),\(j.walking ? 1 : 0),"
            out += "\(formatted(e.periodicity, decimals: 3)),\(formatted(e.alongCorrelation, decimals: 3)),"
            out += "\(formatted(e.acrossCorrelation, decimals: 3)),\(formatted(e.acrossToAlong, decimals: 4)),"
            out += "\(formatted(e.orientationSpread, decimals: 4))\n"
        }
        return out
    }
}
