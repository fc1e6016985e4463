import Foundation
import Testing
import FootfallAnalysis
import FootfallTestSupport
@testable import FootfallDetection

/// The motion evidence tells the body's rise and fall from a hand's sideways scrub, and
/// walking's left-right alternation from a gesture that repeats itself.
struct MotionEvidenceTests {
    /// Runs a detector over samples and judges the last `seconds` of them at a step of `period`.
    func evidence(_ samples: [Sample], seconds: Double = 6, period: Double) throws -> WindowEvidence {
        var detector = StepDetector()
        detector.process(samples) { _ in }
        let end = try #require(samples.last?.time)
        return try #require(detector.motion.window(from: end - seconds, to: end - 0.1, lag: period))
    }

    /// Gravity on z, plus a sinusoid along one axis of the world at `frequency` Hz.
    func oscillation(along axis: Int, frequency: Double, amplitude: Double, rate: Double = 50, duration: Double = 20) -> [Sample] {
        (0..<Int(duration * rate)).map { k in
            let t = Double(k) / rate
            var v = [0.0, 0.0, standardGravity]
            v[axis] += amplitude * sin(2 * .pi * frequency * t)
            return Sample(time: t, x: v[0], y: v[1], z: v[2])
        }
    }

    @Test func upAndDownIsAllAlongGravity() throws {
        let e = try evidence(oscillation(along: 2, frequency: 2, amplitude: 2), period: 0.5)
        #expect(e.acrossToVertical < 0.02)
        #expect(e.verticalStep > 0.9)
        // Half a period on, a sinusoid is at its opposite.
        #expect(e.verticalHalfStep < -0.9)
    }

    @Test func sideToSideIsAllAcrossGravity() throws {
        let e = try evidence(oscillation(along: 0, frequency: 2, amplitude: 3), period: 0.5)
        // Nothing moves along gravity; the step-band motion is across it.
        #expect(e.acrossToVertical > 10)
        #expect(e.verticalLevel < 0.2 * e.acrossLevel)
    }

    @Test func aWalkersRhythmAlternatesLeftAndRight() throws {
        let e = try evidence(Signals.stepRhythm(frequencyHz: 2, amplitude: 2, rateHz: 50, duration: 20), period: 0.5)
        #expect(e.acrossToVertical > 0.07 && e.acrossToVertical < 4)
        // The sway repeats every stride: one step apart it is out of step, the bounce is not.
        #expect(e.twoBeatIndex > 0.5)
        #expect(e.orientationSpread < 0.05)
    }

    @Test func theContextSaysHowBusyTheSecondsBeforeWere() throws {
        var still = StepDetector(), moving = StepDetector()
        let rest = (0..<1000).map { Sample(time: Double($0) / 50, x: 0, y: 0, z: standardGravity) }
        still.process(rest) { _ in }
        moving.process(Signals.stepRhythm(frequencyHz: 2, amplitude: 2, rateHz: 50, duration: 20)) { _ in }
        let quiet = try #require(still.motion.context(endingAt: 19.9, span: 8))
        let busy = try #require(moving.motion.context(endingAt: 19.9, span: 8))
        #expect(quiet.activeShare == 0 && busy.activeShare == 1)
        // A steady two-step rhythm repeats along gravity; stillness does not.
        #expect(busy.verticalPeriodicity > 0.8)
        #expect(quiet.verticalLevel < 0.05 && busy.verticalLevel > 0.5)
    }

    @Test func aPostureThatTurnsSpreadsTheOrientation() throws {
        // The device tips by 40 degrees over the window, slowly (no step-band motion).
        let rate = 50.0
        let samples = (0..<Int(20 * rate)).map { k -> Sample in
            let t = Double(k) / rate
            let angle = t < 14 ? 0 : min(t - 14, 4) / 4 * 40 * Double.pi / 180
            return Sample(time: t, x: standardGravity * sin(angle), y: 0, z: standardGravity * cos(angle))
        }
        let turned = try evidence(samples, period: 0.5)
        let held = try evidence(Array(samples.prefix(Int(14 * rate))), period: 0.5)
        #expect(turned.orientationSpread > 0.2)
        #expect(held.orientationSpread < 0.01)
    }

    @Test func stepsOfTheSameShapeAreAlike() throws {
        var detector = StepDetector()
        let samples = Signals.stepRhythm(frequencyHz: 1.8, amplitude: 2, rateHz: 100, duration: 12)
        var candidates: [StepCandidate] = []
        struct Collector: DetectorObserver {
            var candidates: [StepCandidate] = []
            mutating func observe(_ frame: DetectorFrame) {}
            mutating func observe(candidate: StepCandidate) { candidates.append(candidate) }
        }
        var observer = Collector()
        for sample in samples { detector.process(sample, observer: &observer) { _ in } }
        candidates = observer.candidates.filter { $0.time > 4 && $0.time < 11 }
        var ring = FixedRing<StepCandidate>(capacity: 16)
        for c in candidates { ring.append(c) }
        #expect(ring.count >= 6)
        #expect(detector.motion.stepSimilarity(of: ring, from: 0, period: 1 / 1.8) > 0.95)
    }
}
