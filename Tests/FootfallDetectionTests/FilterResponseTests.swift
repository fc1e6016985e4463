import Foundation
import Testing
@testable import FootfallDetection

/// The band-pass filter's response, measured the way a signal would see it: steady-state sine
/// amplitude at chosen frequencies, the DC response, and the impulse response.
struct FilterResponseTests {
    let rate = 25.0
    let configuration = DetectorConfiguration.default

    func makeFilter() -> BandPassFilter<Double> {
        BandPassFilter(highPassHz: configuration.highPassHz, lowPassHz: configuration.lowPassHz, sampleRateHz: rate)
    }

    /// Output amplitude for a unit sine at `frequency`, after the transient has died away.
    func gain(at frequency: Double) -> Double {
        var filter = makeFilter()
        var peak = 0.0
        for n in 0..<Int(40 * rate) {
            let y = filter.process(sin(2 * .pi * frequency * Double(n) / rate))
            if Double(n) > 20 * rate { peak = max(peak, abs(y)) }
        }
        return peak
    }

    @Test func rejectsGravity() {
        var filter = makeFilter()
        filter.settle(at: standardGravity)
        var last = 1.0
        for _ in 0..<500 { last = filter.process(standardGravity) }
        #expect(abs(last) < 1e-9)
        // Starting unsettled, a step to 1 g still decays to nothing.
        var cold = makeFilter()
        for _ in 0..<2000 { last = cold.process(standardGravity) }
        #expect(abs(last) < 1e-6)
    }

    @Test(arguments: [1.2, 1.6, 2.0, 2.4])
    func passesWalkingFrequencies(frequency: Double) {
        // Within 1.5 dB of unity across 72-144 steps per minute.
        #expect(gain(at: frequency) > 0.84)
        #expect(gain(at: frequency) < 1.05)
    }

    @Test func cornersAreWhereConfigured() {
        // Each corner is a second-order Butterworth at -3 dB; the other section costs a little.
        #expect(abs(gain(at: configuration.lowPassHz) - 0.5.squareRoot()) < 0.06)
        #expect(abs(gain(at: configuration.highPassHz) - 0.5.squareRoot()) < 0.06)
    }

    @Test(arguments: [6.0, 8.0, 11.0])
    func attenuatesVibration(frequency: Double) {
        #expect(gain(at: frequency) < 0.25)
    }

    @Test func lowPassImpulseResponseSumsToItsDCGainAndDecays() {
        var section = Biquad<Double>.lowPass(cutoffHz: 3, sampleRateHz: rate)
        var sum = 0.0
        var tail = 0.0
        for n in 0..<400 {
            let y = section.process(n == 0 ? 1 : 0)
            sum += y
            if n >= 390 { tail = max(tail, abs(y)) }
        }
        #expect(abs(sum - 1) < 1e-9)
        #expect(tail < 1e-9)
    }

    @Test func highPassImpulseResponseSumsToZero() {
        var section = Biquad<Double>.highPass(cutoffHz: 0.7, sampleRateHz: rate)
        var sum = 0.0
        for n in 0..<4000 { sum += section.process(n == 0 ? 1 : 0) }
        #expect(abs(sum) < 1e-9)
    }
}
