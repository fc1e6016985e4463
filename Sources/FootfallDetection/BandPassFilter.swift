/// The band-pass stage: a second-order Butterworth high-pass (gravity and posture out) in
/// series with a second-order Butterworth low-pass (impacts and vibration out).
///
/// Design: bilinear transform at the processing rate (25 Hz by default), corners from
/// `DetectorConfiguration.highPassHz` and `.lowPassHz` (0.6 and 3.0 Hz): the pass band spans
/// 36 to 180 steps per minute. Latency: the group delay at 2 Hz is about 0.1 s.
public struct BandPassFilter: Sendable {
    var highPass: Biquad
    var lowPass: Biquad

    /// Creates the filter.
    /// - Parameters:
    ///   - highPassHz: high-pass corner, Hz.
    ///   - lowPassHz: low-pass corner, Hz.
    ///   - sampleRateHz: the rate it runs at, Hz.
    public init(highPassHz: Double, lowPassHz: Double, sampleRateHz: Double) {
        highPass = .highPass(cutoffHz: highPassHz, sampleRateHz: sampleRateHz)
        lowPass = .lowPass(cutoffHz: lowPassHz, sampleRateHz: sampleRateHz)
    }

    /// Starts over as if `input` had always been the signal: no transient from gravity.
    public mutating func settle(at input: Double) {
        highPass.settle(at: input)
        lowPass.settle(at: 0)
    }

    /// Filters one sample.
    public mutating func process(_ x: Double) -> Double {
        lowPass.process(highPass.process(x))
    }
}
