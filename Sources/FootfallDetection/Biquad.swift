/// A second-order IIR filter section (transposed direct form II), for streaming use.
///
/// Designed by the bilinear transform with frequency pre-warping, so the corner lands exactly
/// where asked at the rate given. Coefficients are normalised so that a0 = 1. The value is a
/// scalar or a vector of channels filtered alike (`SignalValue`).
public struct Biquad<Value: SignalValue>: Sendable {
    var b0: Double, b1: Double, b2: Double, a1: Double, a2: Double
    var s1 = Value.zero, s2 = Value.zero

    /// Creates a section from normalised coefficients (a0 = 1).
    public init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        (self.b0, self.b1, self.b2, self.a1, self.a2) = (b0, b1, b2, a1, a2)
    }

    /// A Butterworth-style low-pass section.
    /// - Parameters:
    ///   - cutoffHz: the -3 dB corner (for q = 1/√2), Hz; below half of `sampleRateHz`.
    ///   - sampleRateHz: the rate the filter runs at, Hz.
    ///   - q: the section's quality factor; 1/√2 gives a Butterworth response.
    public static func lowPass(cutoffHz: Double, sampleRateHz: Double, q: Double = 0.5.squareRoot()) -> Biquad {
        let k = tangent(Double.pi * cutoffHz / sampleRateHz)
        let norm = 1 / (1 + k / q + k * k)
        let b0 = k * k * norm
        return Biquad(b0: b0, b1: 2 * b0, b2: b0, a1: 2 * (k * k - 1) * norm, a2: (1 - k / q + k * k) * norm)
    }

    /// A Butterworth-style high-pass section.
    /// - Parameters:
    ///   - cutoffHz: the -3 dB corner (for q = 1/√2), Hz; below half of `sampleRateHz`.
    ///   - sampleRateHz: the rate the filter runs at, Hz.
    ///   - q: the section's quality factor; 1/√2 gives a Butterworth response.
    public static func highPass(cutoffHz: Double, sampleRateHz: Double, q: Double = 0.5.squareRoot()) -> Biquad {
        let k = tangent(Double.pi * cutoffHz / sampleRateHz)
        let norm = 1 / (1 + k / q + k * k)
        return Biquad(b0: norm, b1: -2 * norm, b2: norm, a1: 2 * (k * k - 1) * norm, a2: (1 - k / q + k * k) * norm)
    }

    /// The gain for a constant input.
    public var dcGain: Double { (b0 + b1 + b2) / (1 + a1 + a2) }

    /// Sets the internal state as if `input` had been applied forever, so that starting on a
    /// non-zero level (gravity) causes no transient.
    public mutating func settle(at input: Value) {
        let y = input * dcGain
        s2 = input * b2 - y * a2
        s1 = y - input * b0
    }

    /// Filters one sample.
    @inline(__always)
    public mutating func process(_ x: Value) -> Value {
        let y = x * b0 + s1
        s1 = x * b1 - y * a1 + s2
        s2 = x * b2 - y * a2
        return y
    }
}
