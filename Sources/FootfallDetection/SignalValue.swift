/// A value the detector's filters can process: a scalar, or several channels that go through
/// the same filter in lockstep (the magnitude and the three axes as one `SIMD4`, so one vector
/// operation does the work of four). The filters' difference equations need only addition,
/// multiplication and the coefficients in the value's own type.
public protocol SignalValue: Sendable {
    /// Zero.
    static var zero: Self { get }
    /// A number in every channel.
    init(broadcasting value: Double)
    /// The sum.
    static func + (lhs: Self, rhs: Self) -> Self
    /// The difference.
    static func - (lhs: Self, rhs: Self) -> Self
    /// The product, channel by channel.
    static func * (lhs: Self, rhs: Self) -> Self
    /// Adds in place.
    static func += (lhs: inout Self, rhs: Self)
}

extension Double: SignalValue {
    /// The number itself.
    @inlinable
    public init(broadcasting value: Double) { self = value }
}

/// Four channels filtered in lockstep, in single precision: one SSE or NEON register holds
/// them all. A magnitude near 9.8 m/s² is held to about 1e-6 m/s², far below any sensor's
/// noise, and the filters' poles (no closer to 1 than 0.9 at 25 Hz) keep their stability.
extension SIMD4: SignalValue where Scalar == Float {
    /// The number, rounded to single precision, in every channel.
    @inlinable
    public init(broadcasting value: Double) { self.init(repeating: Float(value)) }
}
