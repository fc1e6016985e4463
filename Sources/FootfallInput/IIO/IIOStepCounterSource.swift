#if canImport(CFootfallIIO)
import FootfallDetection
import Logging
import SystemPackage

/// Counts with a chip's own step counter (`source: hardware-steps`, or a device that has a
/// counter and no accelerometer channels): enables `in_steps_en` on start and reads
/// `in_steps_input` once per `stepCounterInterval`. It delivers no samples: the sensor thread
/// turns the readings into steps (`HardwareStepTally`), filed under `.hardwareSteps` without
/// step times or cadence, which the chip does not give.
final class IIOStepCounterSource: SensorSource, HardwareStepCounting {
    private(set) var device: SensorDevice
    let counter: IIOStepCounter
    let context: IIOContext
    let interval: Double
    let logger: Logger
    var nextRead = 0.0
    var reading: Int?

    init(_ counter: IIOStepCounter, context: IIOContext, configuration: InputConfiguration, logger: Logger) {
        self.counter = counter
        self.context = context
        self.logger = logger
        interval = max(0.05, configuration.stepCounterInterval.inSeconds)
        var device = counter.description
        device.backend = .hardwareSteps
        self.device = device
    }

    func start() throws(SensorError) {
        if let problem = counter.enable() {
            if problem == .permissionDenied || problem == .notPermitted {
                throw .permissionDenied(path: "/sys/bus/iio/devices/\(device.id)/in_steps_en", backend: .hardwareSteps)
            }
            throw .io(operation: "enable the step counter (in_steps_en) of", path: device.id, problem)
        }
        guard let first = counter.read() else { throw .deviceLost(device.id, .noSuchFileOrDirectory) }
        reading = first
        device.hardwareSteps = first
        nextRead = MonotonicClock.now() + interval
        logger.info("counting with the chip's step counter", metadata: ["sensor.device": "\(device.id)", "steps.reading": "\(first)",
                                                                        "steps.interval": "\(interval)"])
    }

    func read(into batch: inout [Sample], timeout: Duration) throws(SensorError) -> SensorReadOutcome {
        let now = MonotonicClock.now()
        if nextRead > now {
            MonotonicClock.sleep(min(nextRead - now, timeout.inSeconds))
            if MonotonicClock.now() < nextRead { return .timedOut }
        }
        // A counter that cannot be read any more went away with its device (sysfs files gone).
        guard let value = counter.read() else { throw .deviceLost(device.id, .noSuchFileOrDirectory) }
        reading = value
        device.hardwareSteps = value
        nextRead = max(nextRead + interval, MonotonicClock.now())
        return .timedOut
    }

    func stop() {}

    /// The chip keeps counting while the sensor thread sleeps, so it is read like a buffered
    /// device: once per batch, after the thread's own sleep to the report latency, instead of
    /// being polled in quarter-second reads (four wakeups a second for one reading).
    var holdsSamplesWhileAsleep: Bool { true }

    func readHardwareStepCount() -> Int? { reading }
}
#endif
