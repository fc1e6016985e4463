/// A second-order IIR filter section (transposed direct form II), for streaming use.
///
/// Designed by the bilinear transform with frequency pre-warping, so the corner lands exactly
/// where asked at the rate given. Coefficients are normalised so that a0 = 1. The value is a
/// scalar or a vector of channels filtered alike (`SignalValue`).
public struct Biquad<Value: SignalValue>: Sendable {
    var b0: Double, b1: Double, b2: Double, a1: Double, a2: Double
    /// The coefficients in the value's own type, so that filtering converts nothing.
    let c0: Value, c1: Value, c2: Value, d1: Value, d2: Value
    var s1 = Value.zero, s2 = Value.zero

    /// Creates a section from normalised coefficients (a0 = 1).
    public init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        (self.b0, self.b1, self.b2, self.a1, self.a2) = (b0, b1, b2, a1, a2)
        (c0, c1, c2, d1, d2) = (Value(broadcasting: b0), Value(broadcasting: b1), Value(broadcasting: b2),
                                Value(broadcasting: a1), Value(broadcasting: a2))
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
        let y = input * Value(broadcasting: dcGain)
        s2 = input * c2 - y * d2
        s1 = y - input * c0
    }

    /// Filters one sample.
    @inline(__always)
    public mutating func process(_ x: Value) -> Value {
        let y = x * c0 + s1
        s1 = x * c1 - y * d1 + s2
        s2 = x * c2 - y * d2
        return y
    }
}
