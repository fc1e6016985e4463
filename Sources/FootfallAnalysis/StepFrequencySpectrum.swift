import Foundation
import FootfallDetection

/// The step frequency of a walk, read off the spectrum of its acceleration's magnitude: the
/// yardstick for walking recordings that come with no step count (wisdm-watch's walking,
/// stairs and jogging). A walker's body rises and falls once a step, so the magnitude's
/// spectrum peaks at the step frequency; counted steps per second over it is 1 when every step
/// was counted, at any cadence.
///
/// How: the magnitude is resampled to 25 Hz as the detector resamples it (RMS over each
/// 40 ms), then Welch's method: segments of 256 frames (10.24 s) every 128, each with its mean
/// removed and a Hann window, their power averaged, evaluated every 0.005 Hz across the band so
/// the peak is found between the bins of a plain FFT. The peak is searched in 1-4 Hz (60 to 240
/// steps a minute): below, a wrist's arm swing peaks once a stride.
public struct StepFrequencySpectrum: Sendable {
    /// The rate the magnitude is resampled to, Hz.
    public static let rate = 25.0
    /// Frames per Welch segment, and between the starts of two.
    static let segment = 256, hop = 128

    var resampler = BinAveragingResampler(outputRateHz: rate, maximumGap: 0.5)
    /// The magnitude at 25 Hz, m/s² (a gap's silence is left out: the segments after it
    /// join the ones before).
    var magnitudes: [Double] = []

    /// Creates an empty spectrum.
    public init() {}

    /// Adds samples, in time order.
    public mutating func add(_ samples: UnsafeBufferPointer<Sample>) {
        for sample in samples {
            _ = resampler.push(time: sample.time, value: sample.x * sample.x + sample.y * sample.y + sample.z * sample.z)
            while let (_, meanSquare) = resampler.nextOutput() { magnitudes.append(meanSquare.squareRoot()) }
        }
    }

    /// The frequency of the spectrum's highest point in `band`, Hz; nil when the samples make
    /// less than one segment.
    public func peakFrequency(in band: ClosedRange<Double> = 1.0...4.0) -> Double? {
        let n = Self.segment
        guard magnitudes.count >= n else { return nil }
        var window = [Double](repeating: 0, count: n)
        for i in 0..<n { window[i] = 0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(n - 1)) }
        let step = 0.005
        let count = Int(((band.upperBound - band.lowerBound) / step).rounded(.down)) + 1
        var power = [Double](repeating: 0, count: count)
        var segment = [Double](repeating: 0, count: n)
        var start = 0
        while start + n <= magnitudes.count {
            var mean = 0.0
            for i in 0..<n { mean += magnitudes[start + i] }
            mean /= Double(n)
            for i in 0..<n { segment[i] = (magnitudes[start + i] - mean) * window[i] }
            for k in 0..<count {
                // One DFT term by a rotating phasor: no sine or cosine per frame.
                let omega = 2 * Double.pi * (band.lowerBound + Double(k) * step) / Self.rate
                let (c, s) = (cos(omega), sin(omega))
                var re = 0.0, im = 0.0, pr = 1.0, pi = 0.0
                for i in 0..<n {
                    re += segment[i] * pr
                    im -= segment[i] * pi
                    (pr, pi) = (pr * c - pi * s, pr * s + pi * c)
                }
                power[k] += re * re + im * im
            }
            start += Self.hop
        }
        guard let best = power.indices.max(by: { power[$0] < power[$1] }) else { return nil }
        return band.lowerBound + Double(best) * step
    }
}
