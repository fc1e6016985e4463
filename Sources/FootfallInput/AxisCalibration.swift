/// Turns raw IIO channel values into m/s²: value = (raw + offset) × scale, per axis, as
/// sysfs-bus-iio defines. `calibbias` and `calibscale` are applied by the hardware, not here.
public struct AxisCalibration: Sendable, Equatable {
    /// m/s² per raw unit, for x, y, z.
    public var scale: (Double, Double, Double)
    /// Raw units added before scaling, for x, y, z.
    public var offset: (Double, Double, Double)

    /// Creates a calibration.
    public init(scale: (Double, Double, Double), offset: (Double, Double, Double) = (0, 0, 0)) {
        self.scale = scale
        self.offset = offset
    }

    public static func == (a: AxisCalibration, b: AxisCalibration) -> Bool {
        a.scale == b.scale && a.offset == b.offset
    }

    /// Converts raw x, y, z to m/s².
    @inline(__always)
    public func convert(_ x: Int64, _ y: Int64, _ z: Int64) -> (Double, Double, Double) {
        ((Double(x) + offset.0) * scale.0, (Double(y) + offset.1) * scale.1, (Double(z) + offset.2) * scale.2)
    }

    /// The scale when all axes share it, for display.
    public var uniformScale: Double? { scale.0 == scale.1 && scale.1 == scale.2 ? scale.0 : nil }
}
