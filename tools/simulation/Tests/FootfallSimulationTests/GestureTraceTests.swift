import Foundation
import Testing
import FootfallDetection
import FootfallSimulation
import FootfallTestSupport

/// Gesture traces: deterministic, physical (gravity's size at rest), quantised on request, and
/// never walking to the detector (a smoke test: real hands at work are RealWristActivityTests'
/// and the walking model's).
struct GestureTraceTests {
    @Test(arguments: [(GestureTrace.Gesture.combing, 25.0), (.combing, 50.0), (.waving, 50.0), (.eating, 32.0),
                      (.drinking, 32.0), (.clapping, 50.0), (.phone, 25.0)])
    func rhythmicHandsCountNothing(gesture: GestureTrace.Gesture, rate: Double) {
        var trace = GestureTrace(gesture: gesture)
        trace.rateHz = rate
        trace.duration = 120
        trace.seed = 3
        #expect(Signals.steps(trace.generate()).isEmpty)
    }

    @Test(arguments: GestureTrace.Gesture.allCases)
    func sameSeedSameSamples(gesture: GestureTrace.Gesture) {
        var trace = GestureTrace(gesture: gesture)
        trace.duration = 20
        trace.seed = 9
        #expect(trace.generate() == trace.generate())
        var other = trace
        other.seed = 10
        #expect(trace.generate() != other.generate())
    }

    @Test func aHandAtRestReadsGravity() {
        // Holding a phone to the ear: hardly any motion, so the magnitude is about 1 g.
        var trace = GestureTrace(gesture: .phone)
        trace.duration = 30
        let samples = trace.generate()
        let mean = samples.map(\.magnitude).reduce(0, +) / Double(samples.count)
        #expect(abs(mean - standardGravity) < 0.3)
    }

    @Test func coarseSensorsReadOnASixBitGrid() {
        var trace = GestureTrace(gesture: .brushing)
        trace.duration = 10
        trace.coarse = true
        let step = 3 * standardGravity / 63
        for sample in trace.generate() {
            for value in [sample.x, sample.y, sample.z] {
                #expect(abs(value / step - (value / step).rounded()) < 1e-9)
                #expect(abs(value) <= 1.5 * standardGravity + 1e-9)
            }
        }
    }
}
