/// The rotation from the sensor's axes to the device's, as the kernel and udev publish it:
/// three rows of three numbers, rows separated by `;`, e.g. `0, 1, 0; -1, 0, 0; 0, 0, 1`.
///
/// Sources, in order of precedence: the user's configuration, udev's `ACCEL_MOUNT_MATRIX`
/// (hwdb, for firmware that gets it wrong), then the driver's `in_accel_mount_matrix` or
/// `mount_matrix` attribute. Applied to every sample before detection.
public struct MountMatrix: Sendable, Equatable, CustomStringConvertible {
    /// Row-major: rows[r][c].
    public var rows: [[Double]]

    /// The identity: sensor axes are device axes.
    public static let identity = MountMatrix(unchecked: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    init(unchecked rows: [[Double]]) {
        self.rows = rows
    }

    /// Parses the kernel/udev text form.
    /// - Throws: `SensorError.badMountMatrix` unless it is 3 rows of 3 finite numbers.
    public init(parsing text: String) throws(SensorError) {
        let rows = text.trimmingWhitespace().split(separator: ";").map { row in
            row.split(separator: ",").map { Double(String($0).trimmingWhitespace()) }
        }
        guard rows.count == 3, rows.allSatisfy({ $0.count == 3 }) else { throw .badMountMatrix(text) }
        let values = rows.map { $0.compactMap { $0 } }
        guard values.allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isFinite) }) else { throw .badMountMatrix(text) }
        guard values.contains(where: { $0.contains { $0 != 0 } }) else { throw .badMountMatrix(text) }
        self.init(unchecked: values)
    }

    /// Whether it changes nothing.
    public var isIdentity: Bool { self == .identity }

    /// Applies the matrix to a vector.
    @inline(__always)
    public func apply(_ x: Double, _ y: Double, _ z: Double) -> (Double, Double, Double) {
        (rows[0][0] * x + rows[0][1] * y + rows[0][2] * z,
         rows[1][0] * x + rows[1][1] * y + rows[1][2] * z,
         rows[2][0] * x + rows[2][1] * y + rows[2][2] * z)
    }

    /// The text form, as the kernel writes it.
    public var description: String {
        rows.map { $0.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }.joined(separator: ", ") }.joined(separator: "; ")
    }
}
