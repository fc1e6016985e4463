import Foundation
import Testing
import FootfallSimulation
import FootfallDetection

/// Gesture traces: deterministic, physical (gravity's size at rest), and quantised on request.
struct GestureTraceTests {
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
