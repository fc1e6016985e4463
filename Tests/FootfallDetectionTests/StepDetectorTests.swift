import Testing
import FootfallAnalysis
import FootfallDetection
import FootfallTestSupport
import FootfallTraces

/// The detector as a whole on real recordings: how its stages' timing meets the gate's.
struct StepDetectorTests {
    /// The gate's state at every frame of a recording, counted at its sidecar's placement.
    struct GateStates: DetectorObserver {
        var walksEnded = 0
        var walking = false
        mutating func observe(_ frame: DetectorFrame) {
            if walking && frame.gate != .walking { walksEnded += 1 }
            walking = frame.gate == .walking
        }
    }

    @Test func aLongWristWalkIsOneWalk() throws {
        // Fifteen minutes of walking with a Bangle.js at 12.5 Hz, one arm swinging: a step's
        // lobe of the band-passed signal can stay open for half a second after its peak, and
        // until it closes the step is not out of the peak stage. A walk ends when no step came
        // for `maximumStepInterval`; judged by the candidates' own times, those still in the
        // peak stage included, the walk is not cut before its next step is out (it was cut
        // 12 times here, and some 30 steps lost in the restarts).
        let path = SampleTracesLocation.path("bangle/HughB-walk-1834.csv.gz")
        var detector = StepDetector(configuration: try DetectorConfiguration.default.atPlacement(ofTrace: path))
        var observer = GateStates()
        var steps = 0
        _ = try Recording.forEachBatch(path: path) { batch in
            for sample in batch { detector.process(sample, observer: &observer) { _ in steps += 1 } }
        }
        detector.finish(observer: &observer) { _ in steps += 1 }
        #expect(observer.walksEnded <= 2, "the walk was cut \(observer.walksEnded) times")
        // The reference is the wearer's own count of a long log, approximate.
        #expect(abs(Double(steps) / 1834 - 1) <= 0.03, "\(steps) steps for about 1834")
    }
}
