#if canImport(CFootfallIIO)
import Logging

/// What the two ways of reading an IIO accelerometer (`IIOBufferedSource`, `IIOPollingSource`)
/// share: the device as described, the settings it is read by, and, once started, the rate
/// chosen and the calibration and mount matrix that turn raw values into samples.
struct IIOAccelerometerReading {
    let accelerometer: IIOAccelerometer
    let configuration: InputConfiguration
    let logger: Logger
    /// The device, with its rate and way of reading once started.
    private(set) var device: SensorDevice
    private var calibration = AxisCalibration(scale: (1, 1, 1))
    private var matrix = MountMatrix.identity

    /// Describes the device.
    /// - Throws: `SensorError` when it cannot be described.
    init(_ accelerometer: IIOAccelerometer, configuration: InputConfiguration, logger: Logger) throws(SensorError) {
        self.accelerometer = accelerometer
        self.configuration = configuration
        self.logger = logger
        device = try accelerometer.describe(configuration: configuration)
    }

    /// Sets the rate (the lowest the device offers at or above the target) and reads the
    /// calibration and the mount matrix in effect.
    /// - Returns: the rate in effect, Hz.
    /// - Throws: `SensorError` when the mount matrix cannot be read.
    mutating func prepare() throws(SensorError) -> Double {
        let rate = chooseRate()
        calibration = accelerometer.calibration
        (matrix, _) = try accelerometer.mountMatrix(configuration: configuration)
        return rate
    }

    /// Records how the device is read, once reading has started.
    mutating func started(rateHz: Double, buffered: Bool) {
        device.currentRateHz = rateHz
        device.buffered = buffered
    }

    /// Picks and sets the lowest available rate at or above the target; returns the rate in effect.
    private func chooseRate() -> Double {
        let id = accelerometer.device.id
        if let available = accelerometer.availableRates {
            let wanted = available.choose(atLeast: configuration.targetRateHz)
            if accelerometer.currentRate.map({ abs($0 - wanted) > 1e-6 }) ?? true, let problem = accelerometer.setRate(wanted) {
                logger.notice("cannot set the sampling frequency; keeping the device's",
                              metadata: ["sensor.device": "\(id)", "sensor.rate": "\(wanted)", "error": "\(problem)"])
            }
        }
        return accelerometer.currentRate ?? configuration.targetRateHz
    }

    /// Raw x, y, z as acceleration in m/s², in the device's frame turned by the mount matrix.
    @inline(__always)
    func acceleration(_ x: Int64, _ y: Int64, _ z: Int64) -> (x: Double, y: Double, z: Double) {
        let (ax, ay, az) = calibration.convert(x, y, z)
        return matrix.apply(ax, ay, az)
    }
}

#endif
