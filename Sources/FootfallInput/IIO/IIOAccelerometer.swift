#if canImport(CFootfallIIO)
import SystemPackage

/// An IIO device with accel_x, accel_y and accel_z input channels, with everything the
/// sources need to read it: calibration, rates, mount matrix, timestamp and step-counter
/// channels.
struct IIOAccelerometer {
    let device: IIODevice
    let axes: (x: IIOChannel, y: IIOChannel, z: IIOChannel)
    let timestamp: IIOChannel?
    let steps: IIOChannel?

    /// The accelerometer view of `device`, or nil when it lacks accel_x/y/z.
    init?(_ device: IIODevice) {
        guard let x = device.channel("accel_x"), let y = device.channel("accel_y"), let z = device.channel("accel_z") else {
            return nil
        }
        self.device = device
        axes = (x, y, z)
        timestamp = device.channel("timestamp")
        steps = device.channel("steps").flatMap { $0.attribute("input") != nil ? $0 : nil }
    }

    /// The chip's own step counter, when it has one.
    var stepCounter: IIOStepCounter? { steps == nil ? nil : IIOStepCounter(device) }

    /// Scale and offset of each axis (shared `in_accel_scale` or per-axis `in_accel_x_scale`).
    var calibration: AxisCalibration {
        func number(_ channel: IIOChannel, _ name: String, _ fallback: Double) -> Double {
            channel.attribute(name).flatMap { Double($0.trimmingWhitespace()) } ?? fallback
        }
        return AxisCalibration(scale: (number(axes.x, "scale", 1), number(axes.y, "scale", 1), number(axes.z, "scale", 1)),
                               offset: (number(axes.x, "offset", 0), number(axes.y, "offset", 0), number(axes.z, "offset", 0)))
    }

    /// The rates offered, from `in_accel_sampling_frequency_available` or the device-wide one.
    var availableRates: SamplingFrequencies? {
        (axes.x.attribute("sampling_frequency_available") ?? device.attribute("sampling_frequency_available"))
            .flatMap(SamplingFrequencies.init(parsing:))
    }

    /// The current rate, Hz.
    var currentRate: Double? {
        (axes.x.attribute("sampling_frequency") ?? device.attribute("sampling_frequency"))
            .flatMap { Double($0.trimmingWhitespace()) }
    }

    /// Sets the rate through whichever attribute the driver has; returns the errno on failure.
    func setRate(_ rate: Double) -> Errno? {
        let text = String(rate)
        if axes.x.attribute("sampling_frequency") != nil { return axes.x.setAttribute("sampling_frequency", text) }
        if device.attribute("sampling_frequency") != nil { return device.setAttribute("sampling_frequency", text) }
        return .notSupported
    }

    /// The mount matrix and where it came from, by `MountMatrix.resolve`'s rule.
    func mountMatrix(configuration: InputConfiguration) throws(SensorError) -> (matrix: MountMatrix, provenance: MountMatrix.Provenance) {
        let udev = device.attribute("dev").flatMap(UdevProperties.deviceNumbers(parsing:)).flatMap {
            UdevProperties.properties(major: $0.major, minor: $0.minor, database: configuration.udevDatabase)["ACCEL_MOUNT_MATRIX"]
        }
        let driver = axes.x.attribute("mount_matrix") ?? device.attribute("mount_matrix") ?? device.attribute("in_accel_mount_matrix")
        return try MountMatrix.resolve(configured: configuration.mountMatrix, udev: udev, driver: driver)
    }

    /// The description `footfall devices` shows.
    func describe(configuration: InputConfiguration) throws(SensorError) -> SensorDevice {
        let (matrix, provenance) = try mountMatrix(configuration: configuration)
        return SensorDevice(backend: .iio, id: device.id, name: device.name, path: "/dev/" + device.id,
                            availableRates: availableRates?.summary, currentRateHz: currentRate,
                            scale: calibration.uniformScale, mountMatrix: matrix, mountMatrixSource: provenance,
                            hasHardwareStepCounter: steps != nil, hardwareSteps: stepCounter.flatMap { $0.isEnabled ? $0.read() : nil },
                            buffered: device.hasTrigger)
    }
}
#endif
