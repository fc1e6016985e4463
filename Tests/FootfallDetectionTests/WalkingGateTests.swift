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

    @Test func aStretchOutsideTheWalkingEnvelopeIsNeverWalking() {
        // A model whose regression says "walking" everywhere, but whose envelope bounds the
        // first feature: beyond the bound the gate's answer is no, whatever the regression says.
        var upper = SIMD32<Double>(repeating: .infinity)
        upper[0] = 1
        var configuration = DetectorConfiguration()
        configuration.walkingModel = WalkingModel(means: .zero, scales: SIMD32(repeating: 1), weights: .zero, bias: 10,
                                                  upperBounds: upper)
        var inside = SIMD32<Double>.zero
        inside[0] = 0.5
        var outside = inside
        outside[0] = 1.5
        let model = configuration.walkingModel
        #expect(model.probability(WalkingFeatures(values: inside)) > 0.99)
        #expect(model.probability(WalkingFeatures(values: outside)) == 0)
        #expect(model.outsideEnvelope(WalkingFeatures(values: outside)) == 0)
        // The same model in the detector: a walk whose stretches all lie beyond the bound
        // counts nothing; within it, the walk counts.
        let walk = Signals.stepRhythm(frequencyHz: 1.8, amplitude: 2, rateHz: 50, duration: 30)
        configuration.walkingModel.upperBounds[0] = -50
        #expect(Signals.steps(walk, configuration: configuration).isEmpty)
        configuration.walkingModel.upperBounds[0] = .infinity
        #expect(Signals.steps(walk, configuration: configuration).count > 45)
    }
}
