/// The band-pass stage: a second-order Butterworth high-pass (gravity and posture out) in
/// series with a second-order Butterworth low-pass (impacts and vibration out).
///
/// Design: bilinear transform at the processing rate (25 Hz by default), corners from
/// `DetectorConfiguration.highPassHz` and `.lowPassHz` (0.7 and 3.0 Hz): the pass band spans
/// 42 to 180 steps per minute. Latency: the group delay at 2 Hz is about 0.1 s. The value is
/// a scalar or a vector of channels filtered alike (the detector filters the magnitude and
/// the three axes together).
public struct BandPassFilter<Value: SignalValue>: Sendable {
    var highPass: Biquad<Value>
    var lowPass: Biquad<Value>

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
    public mutating func settle(at input: Value) {
        highPass.settle(at: input)
        lowPass.settle(at: .zero)
    }

    /// Filters one sample.
    @inline(__always)
    public mutating func process(_ x: Value) -> Value {
        lowPass.process(highPass.process(x))
    }
}
