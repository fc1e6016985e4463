/// A value the detector's filters can process: a scalar, or several channels that go through
/// the same filter in lockstep (the magnitude and the three axes as one `SIMD4`, so one vector
/// operation does the work of four). Only addition and scaling are needed by the filters'
/// difference equations.
public protocol SignalValue: Sendable {
    /// Zero.
    static var zero: Self { get }
    /// The sum.
    static func + (lhs: Self, rhs: Self) -> Self
    /// The difference.
    static func - (lhs: Self, rhs: Self) -> Self
    /// Scaled by a number.
    static func * (lhs: Self, rhs: Double) -> Self
    /// Adds in place.
    static func += (lhs: inout Self, rhs: Self)
}

extension Double: SignalValue {}

/// Four channels filtered in lockstep, one SIMD operation each (two on SSE2, which has
/// two doubles to a register).
extension SIMD4: SignalValue where Scalar == Double {}
