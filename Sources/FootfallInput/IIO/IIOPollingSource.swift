#if canImport(CFootfallIIO)
import FootfallDetection
import Logging
import SystemPackage

/// Reads an IIO accelerometer by polling `in_accel_{x,y,z}_raw` at the chosen rate: the
/// fallback for devices whose buffer cannot be used (no trigger, as with some I²C parts
/// without an interrupt line). Costs three reads per sample and a wakeup each, so it is only
/// used when buffered capture fails; the log says so once.
final class IIOPollingSource: SensorSource {
    private(set) var device: SensorDevice
    let accelerometer: IIOAccelerometer
    let configuration: InputConfiguration
    let logger: Logger
    var calibration = AxisCalibration(scale: (1, 1, 1))
    var matrix = MountMatrix.identity
    var period = 0.02
    var nextTick = 0.0
    var started = false

    init(_ accelerometer: IIOAccelerometer, configuration: InputConfiguration, logger: Logger) throws(SensorError) {
        self.accelerometer = accelerometer
        self.configuration = configuration
        self.logger = logger
        device = try accelerometer.describe(configuration: configuration)
    }

    func start() throws(SensorError) {
        let rate = chooseRate(accelerometer, configuration: configuration, logger: logger)
        period = 1 / rate
        calibration = accelerometer.calibration
        (matrix, _) = try accelerometer.mountMatrix(configuration: configuration)
        // Fail now, not on the first read, when the values cannot be read at all.
        _ = try readRaw(accelerometer.axes.x)
        nextTick = MonotonicClock.now()
        started = true
        device.currentRateHz = rate
        device.buffered = false
    }

    func read(into batch: inout [Sample], timeout: Duration) throws(SensorError) -> SensorReadOutcome {
        guard started else { throw .unsupported(device: device.id, reason: "read before start") }
        let deadline = MonotonicClock.now() + timeout.inSeconds
        if nextTick > deadline {
            MonotonicClock.sleep(deadline - MonotonicClock.now())
            return .timedOut
        }
        MonotonicClock.sleep(nextTick - MonotonicClock.now())
        let (ax, ay, az) = calibration.convert(try readRaw(accelerometer.axes.x), try readRaw(accelerometer.axes.y),
                                               try readRaw(accelerometer.axes.z))
        let (x, y, z) = matrix.apply(ax, ay, az)
        let now = MonotonicClock.now()
        batch.append(Sample(time: now, x: x, y: y, z: z))
        // Keep to the schedule, but never try to catch up a backlog after a stall.
        nextTick = max(nextTick + period, now)
        return .samples
    }

    func readRaw(_ channel: IIOChannel) throws(SensorError) -> Int64 {
        guard let text = channel.attribute("raw"), let value = Int64(text.trimmingWhitespace()) else {
            throw .deviceLost(device.id, .operationNotSupportedByDevice)
        }
        return value
    }

    func stop() {
        started = false
    }
}
#endif
