import Foundation
import FootfallAnalysis

/// The rotations a gesture's forearm makes: turns about an axis, composed into a yaw, pitch
/// and roll, and the inverse that carries the world's acceleration into the device's axes.
/// Only the gesture simulation uses them, so they live here, not in FootfallAnalysis.
extension Rotation {
    /// The transpose (the inverse rotation) applied to a vector.
    func applyTransposed(_ v: (Double, Double, Double)) -> (Double, Double, Double) {
        (m[0] * v.0 + m[3] * v.1 + m[6] * v.2,
         m[1] * v.0 + m[4] * v.1 + m[7] * v.2,
         m[2] * v.0 + m[5] * v.1 + m[8] * v.2)
    }

    /// The product: `self` after `other`.
    func followed(by other: Rotation) -> Rotation {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 {
                r[3 * i + j] = other.m[3 * i] * m[j] + other.m[3 * i + 1] * m[3 + j] + other.m[3 * i + 2] * m[6 + j]
            }
        }
        return Rotation(m: r)
    }

    /// A turn about one axis (0 = x, 1 = y, 2 = z) by `angle` radians.
    static func about(axis: Int, angle: Double) -> Rotation {
        let c = cos(angle), s = sin(angle)
        switch axis {
        case 0: return Rotation(m: [1, 0, 0, 0, c, -s, 0, s, c])
        case 1: return Rotation(m: [c, 0, s, 0, 1, 0, -s, 0, c])
        default: return Rotation(m: [c, -s, 0, s, c, 0, 0, 0, 1])
        }
    }

    /// A forearm's orientation: yaw about the vertical, then pitch up (a raised forearm), then
    /// roll about its own length: Rz(yaw) Ry(-pitch) Rx(roll).
    static func yawPitchRoll(yaw: Double, pitch: Double, roll: Double) -> Rotation {
        about(axis: 0, angle: roll).followed(by: about(axis: 1, angle: -pitch)).followed(by: about(axis: 2, angle: yaw))
    }
}
