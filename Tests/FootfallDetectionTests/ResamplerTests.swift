import Foundation
import Testing
@testable import FootfallDetection

/// The resampler averages the input's linear interpolant over each output period: exact for
/// constants and straight lines at any input rate and jitter, and a known box filter otherwise.
struct ResamplerTests {
    /// Feeds (t, v) pairs and collects every output.
    func resample(_ input: [(Double, Double)], rate: Double = 25, gap: Double = 0.5) -> [(time: Double, value: Double)] {
        var resampler = BinAveragingResampler(outputRateHz: rate, maximumGap: gap)
        var out: [(time: Double, value: Double)] = []
        for (t, v) in input {
            resampler.push(time: t, value: v)
            while let o = resampler.nextOutput() { out.append(o) }
        }
        return out
    }

    /// Times at `rate` Hz over `duration`, with uniform jitter of `jitter` periods.
    func times(rate: Double, duration: Double, jitter: Double, seed: UInt64) -> [Double] {
        var random = Xorshift(seed: seed)
        return (0..<Int(duration * rate)).map { k in Double(k) / rate + jitter / rate * (random.unit() - 0.5) }
    }

    @Test(arguments: [12.5, 50, 100, 400])
    func constantStaysExact(rate: Double) {
        let out = resample(times(rate: rate, duration: 10, jitter: 0.4, seed: 1).map { ($0, 9.81) })
        #expect(out.count > 200)
        for o in out { #expect(abs(o.value - 9.81) < 1e-12) }
    }

    @Test(arguments: [12.5, 50, 100, 400])
    func straightLineIsExactAtPeriodCentres(rate: Double) {
        // The mean of a line over a period is its value at the period's centre.
        let out = resample(times(rate: rate, duration: 10, jitter: 0.4, seed: 2).map { ($0, 3 + 0.7 * $0) })
        #expect(out.count > 200)
        for o in out { #expect(abs(o.value - (3 + 0.7 * o.time)) < 1e-9) }
    }

    @Test func outputPeriodsAreEvenAndDoNotDrift() {
        let out = resample(times(rate: 400, duration: 3600, jitter: 0.5, seed: 3).map { ($0, 1) })
        let first = out[0].time
        for (k, o) in out.enumerated() where k % 997 == 0 {
            #expect(abs(o.time - (first + Double(k) / 25)) < 1e-9)
        }
    }

    @Test func sineIsBoxAveraged() {
        // A 2 Hz sine sampled at 400 Hz: the mean over a 40 ms period is
        // sin(centre) * sinc(pi f T), up to the small error of linear interpolation.
        let f = 2.0, period = 1.0 / 25
        let out = resample((0..<4000).map { k in let t = Double(k) / 400; return (t, sin(2 * .pi * f * t)) })
        let sinc = sin(.pi * f * period) / (.pi * f * period)
        for o in out.dropFirst() { #expect(abs(o.value - sinc * sin(2 * .pi * f * o.time)) < 2e-4) }
    }

    @Test func gapRestartsAndStaleTimesAreIgnored() {
        var resampler = BinAveragingResampler(outputRateHz: 25, maximumGap: 0.5)
        #expect(resampler.push(time: 0, value: 1) == .restarted)
        #expect(resampler.push(time: 0.01, value: 1) == .continued)
        #expect(resampler.push(time: 0.01, value: 5) == .ignored)
        #expect(resampler.push(time: 0.005, value: 5) == .ignored)
        #expect(resampler.push(time: 2.0, value: 1) == .restarted)
        #expect(resampler.nextOutput() == nil)
    }
}

/// A tiny generator for test inputs (the detector module has no randomness of its own).
struct Xorshift {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    /// Standard normal.
    mutating func normal() -> Double {
        (-2 * log(max(unit(), 1e-300))).squareRoot() * cos(2 * .pi * unit())
    }
}
