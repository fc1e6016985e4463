import FootfallDetection
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
        self.steps = steps
    }

    struct Collector: DetectorObserver {
        var frames: [DetectorFrame] = []
        var candidates: [StepCandidate] = []
        mutating func observe(_ frame: DetectorFrame) { frames.append(frame) }
        mutating func observe(candidate: StepCandidate) { candidates.append(candidate) }
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
}
