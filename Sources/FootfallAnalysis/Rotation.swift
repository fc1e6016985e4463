import Foundation
import FootfallRandom

/// A 3-D rotation as a matrix, for turning world-frame motion into a device frame.
public struct Rotation: Sendable, Equatable {
    /// Row-major 3x3 matrix.
    public var m: [Double]

    /// The identity.
    public static let identity = Rotation(m: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// A uniformly random rotation (from a random unit quaternion).
    public static func random(using random: inout SeededRandom) -> Rotation {
        let u1 = Double.random(in: 0..<1, using: &random)
        let u2 = Double.random(in: 0..<1, using: &random)
        let u3 = Double.random(in: 0..<1, using: &random)
        let a = (1 - u1).squareRoot(), b = u1.squareRoot()
        let q = (a * sin(2 * .pi * u2), a * cos(2 * .pi * u2), b * sin(2 * .pi * u3), b * cos(2 * .pi * u3))
        return Rotation(quaternion: q)
    }

    /// The rotation of a unit quaternion (x, y, z, w).
    public init(quaternion q: (Double, Double, Double, Double)) {
        let (x, y, z, w) = q
        m = [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
             2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
             2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]
    }

    /// A rotation from its matrix.
    public init(m: [Double]) {
        self.m = m
    }

    /// Rotates a vector.
    public func apply(_ v: (Double, Double, Double)) -> (Double, Double, Double) {
        (m[0] * v.0 + m[1] * v.1 + m[2] * v.2,
         m[3] * v.0 + m[4] * v.1 + m[5] * v.2,
         m[6] * v.0 + m[7] * v.1 + m[8] * v.2)
    }
}
