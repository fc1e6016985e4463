import Foundation
import Testing
@testable import FootfallDetection

/// The rhythm stage must find the step period whether the signal repeats once per step or
/// once per stride, and report noise as not periodic.
struct PeriodicityTrackerTests {
    let rate = 25.0

    func rhythm(of signal: (Double) -> Double, seconds: Double = 20) -> Rhythm {
        var tracker = PeriodicityTracker(configuration: .default)
        for n in 0..<Int(seconds * rate) { tracker.process(signal(Double(n) / rate)) }
        return tracker.rhythm
    }

    @Test(arguments: [0.4, 0.5, 0.6, 0.75, 0.9])
    func pureStepRhythm(stepPeriod: Double) {
        let found = rhythm { sin(2 * .pi * $0 / stepPeriod) }
        #expect(abs(found.stepPeriod - stepPeriod) < 0.02)
        #expect(found.strength > 0.9)
    }

    @Test(arguments: [0.9, 1.0, 1.1])
    func strideDominatedRhythmIsHalved(stride: Double) {
        // The wrist: a swing once per stride as strong as the bump at each step (on the
        // development data the correlation at half a stride is -0.16 to 0.48).
        let found = rhythm { t in sin(2 * .pi * t / stride) + 0.9 * sin(4 * .pi * t / stride + 0.5) }
        #expect(abs(found.stepPeriod - stride / 2) < 0.02)
    }

    @Test func noiseIsNotPeriodic() {
        var random = Xorshift(seed: 9)
        var filter = BandPassFilter<Double>(highPassHz: 0.7, lowPassHz: 3, sampleRateHz: rate)
        let found = rhythm(of: { _ in filter.process(random.normal()) }, seconds: 60)
        #expect(found.strength < 0.4)
    }

    @Test func silenceHasNoRhythm() {
        #expect(rhythm { _ in 0 } == .none)
    }
}
