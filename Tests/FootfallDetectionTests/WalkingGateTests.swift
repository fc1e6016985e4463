import Foundation
import Testing
import FootfallAnalysis
import FootfallTestSupport
@testable import FootfallDetection

/// The walking gate counts short walks from their first step and refuses rhythmic hands.
struct WalkingGateTests {
    @Test(arguments: [(4, 90.0), (5, 110.0), (6, 70.0), (8, 130.0)])
    func aShortWalkCountsFromItsFirstStep(steps: Int, cadence: Double) throws {
        var walk = SyntheticTrace(kind: .walk)
        walk.cadence = cadence
        walk.rateHz = 50
        walk.stillMargin = 4
        walk.duration = 8 + Double(steps) * 60 / cadence
        walk.seed = UInt64(steps)
        let (samples, truth) = walk.generate()
        #expect(truth.count == steps)
        let counted = Signals.steps(samples)
        #expect(abs(counted.count - truth.count) <= 1, "\(counted.count) counted of \(truth.count)")
        let first = try #require(counted.first)
        #expect(abs(first.time - truth[0]) < 0.3, "the first step counts: \(first.time) against \(truth[0])")
    }

    @Test(arguments: [(GestureTrace.Gesture.combing, 25.0), (.combing, 50.0), (.waving, 50.0), (.eating, 32.0),
                      (.drinking, 32.0), (.clapping, 50.0), (.phone, 25.0)])
    func rhythmicHandsCountNothing(gesture: GestureTrace.Gesture, rate: Double) {
        var trace = GestureTrace(gesture: gesture)
        trace.rateHz = rate
        trace.duration = 120
        trace.seed = 3
        #expect(Signals.steps(trace.generate()).isEmpty)
    }

    @Test func aWalkThatTurnsIntoAGestureStops() {
        // Walking, then without a pause the same rhythm purely up and down (a hand, not a
        // body going forward): the walk is counted, the hand is not.
        let walk = Signals.stepRhythm(frequencyHz: 1.8, amplitude: 2, rateHz: 50, duration: 30)
        let hand = Signals.tone(frequencyHz: 1.8, amplitude: 2, rateHz: 50, duration: 60)
            .map { Sample(time: $0.time + 30, x: $0.x, y: $0.y, z: $0.z) }
        let counted = Signals.steps(walk + hand)
        let duringWalk = counted.filter { $0.time < 30 }.count
        let duringHand = counted.filter { $0.time > 34 }.count
        #expect(duringWalk > 45)
        #expect(duringHand < 8, "at most a few steps before the walk is judged again: \(duringHand)")
    }

    /// Evidence as the gate sees it: a window of steady posture that repeats at the step.
    func evidence(along: Double, across: Double, acrossToAlong: Double) -> WindowEvidence {
        WindowEvidence(periodicity: 0.8, alongCorrelation: along, acrossCorrelation: across,
                       acrossToAlong: acrossToAlong, orientationSpread: 0.02)
    }

    @Test func aLimbAtWorkDoesNotStartAWalk() {
        let gate = WalkingGate(configuration: DetectorConfiguration())
        // Twice as much motion across gravity as along it, repeating each cycle as faithfully
        // as the magnitude: a wrist scrubbing teeth. Refused as a start...
        let scrubbing = evidence(along: 0.65, across: 0.6, acrossToAlong: 2)
        #expect(gate.isNotWalking(scrubbing, starting: true))
        // ...but a walk already going may look like this for a moment at a turn.
        #expect(!gate.isNotWalking(scrubbing, starting: false))
        // A wrist on a walker: as much across, but the arm swings out of step one step on.
        #expect(!gate.isNotWalking(evidence(along: 0.7, across: -0.3, acrossToAlong: 2)))
        // A trunk surging forward as it bounces: the across motion repeats, but is smaller.
        #expect(!gate.isNotWalking(evidence(along: 0.7, across: 0.6, acrossToAlong: 0.5)))
        // The same hand repeating itself exactly, whatever its direction, is never walking.
        #expect(gate.isNotWalking(evidence(along: 0.92, across: 0.9, acrossToAlong: 0.5), starting: false))
    }
}
