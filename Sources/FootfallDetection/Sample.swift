/// One accelerometer reading: a timestamp and the three axes of acceleration.
///
/// Units: `time` in seconds on the source's own clock (monotonic, any origin),
/// `x`, `y`, `z` in m/s² including gravity, in the device frame. The detector does not
/// need to know the device's orientation: it works on the magnitude of the vector.
public struct Sample: Sendable, Equatable {
    /// Seconds on the input's clock.
    public var time: Double
    /// Acceleration along the device's x axis, m/s².
    public var x: Double
    /// Acceleration along the device's y axis, m/s².
    public var y: Double
    /// Acceleration along the device's z axis, m/s².
    public var z: Double

    /// Creates a sample.
    /// - Parameters:
    ///   - time: seconds on the input's clock.
    ///   - x: acceleration along x, m/s².
    ///   - y: acceleration along y, m/s².
    ///   - z: acceleration along z, m/s².
    @inlinable
    public init(time: Double, x: Double, y: Double, z: Double) {
        self.time = time
        self.x = x
        self.y = y
        self.z = z
    }

    /// The length of the acceleration vector, m/s²: independent of how the device is held.
    @inlinable
    public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }
}

/// Standard gravity, m/s².
public let standardGravity = 9.80665
