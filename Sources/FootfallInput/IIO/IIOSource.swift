#if canImport(CFootfallIIO)
import FootfallDetection
import Logging

/// An IIO accelerometer: buffered capture when the device has a usable buffer and trigger,
/// else polling of the raw values, said once in the log.
final class IIOSource: SensorSource, HardwareStepCounting {
    private var active: SensorSource
    private let accelerometer: IIOAccelerometer
    private let configuration: InputConfiguration
    private let logger: Logger
    private let stepCounter: IIOStepCounter?
    private var stepReading: (value: Int?, time: Double)?
    let context: IIOContext

    init(_ accelerometer: IIOAccelerometer, context: IIOContext, configuration: InputConfiguration, logger: Logger) throws(SensorError) {
        self.accelerometer = accelerometer
        self.context = context
        self.configuration = configuration
        self.logger = logger
        stepCounter = accelerometer.stepCounter
        active = try IIOBufferedSource(accelerometer, configuration: configuration, logger: logger)
    }

    var device: SensorDevice { active.device }

    func start() throws(SensorError) {
        // The chip's counter runs beside the detector, for comparison (it is shown, not filed).
        if let stepCounter, let problem = stepCounter.enable() {
            logger.notice("cannot enable the chip's step counter (in_steps_en); its count is not shown",
                          metadata: ["sensor.device": "\(accelerometer.device.id)", "error": "\(problem)"])
        }
        // As iio-sensor-proxy decides: a device without a trigger cannot fill a buffer, so it
        // is polled; with one, a buffer that still fails falls back to polling too.
        if !accelerometer.device.hasTrigger {
            logger.notice("no trigger; polling in_accel_*_raw instead of buffered capture",
                          metadata: ["sensor.device": "\(accelerometer.device.id)"])
            active = try IIOPollingSource(accelerometer, configuration: configuration, logger: logger)
            try active.start()
            return
        }
        do {
            try active.start()
        } catch SensorError.io(let operation, let path, let errno) {
            logger.notice("no usable buffer (no trigger?); polling in_accel_*_raw instead",
                          metadata: ["sensor.device": "\(accelerometer.device.id)",
                                     "reason": "\(SensorError.io(operation: operation, path: path, errno))"])
            active.stop()
            active = try IIOPollingSource(accelerometer, configuration: configuration, logger: logger)
            try active.start()
        }
    }

    func read(into batch: inout [Sample], timeout: Duration) throws(SensorError) -> SensorReadOutcome {
        try active.read(into: &batch, timeout: timeout)
    }

    func stop() { active.stop() }

    var holdsSamplesWhileAsleep: Bool { active.holdsSamplesWhileAsleep }

    /// The chip's counter, read at most once per `stepCounterInterval` (a sysfs read each).
    func readHardwareStepCount() -> Int? {
        guard let stepCounter else { return nil }
        let now = MonotonicClock.now()
        if let stepReading, now - stepReading.time < configuration.stepCounterInterval.inSeconds { return stepReading.value }
        let value = stepCounter.read()
        stepReading = (value, now)
        return value
    }

    /// Wakeups and refills of buffered capture so far (nil when polling).
    var bufferCounters: (wakeups: Int, refills: Int)? {
        (active as? IIOBufferedSource).map { ($0.wakeups, $0.refills) }
    }
}
#endif
