import FootfallDetection
import Logging

/// Keeps an accelerometer source going through device loss: when the device disappears
/// (unplugged, driver unbound, a uhid device destroyed) it reports the loss once in the log,
/// then looks for the device again with exponential backoff (0.5 s doubling to 30 s), and
/// when it is back carries on in the same stream: the caller keeps reading and sees samples
/// from the new device after a gap. No busy loop: while waiting it sleeps inside `read`.
public final class SupervisedSource: SensorSource, HardwareStepCounting {
    let catalog: SensorOpening
    let selector: DeviceSelector
    let logger: Logger
    var source: SensorSource?
    var lastDevice: SensorDevice?
    var retryAt = 0.0
    var backoff = 0.5
    /// Seconds between attempts, at most.
    let longestBackoff = 30.0

    /// Whether a device is open and delivering now.
    public private(set) var isConnected = false
    /// How many times the device was lost so far.
    public private(set) var losses = 0
    /// How many times it was found again.
    public private(set) var recoveries = 0

    /// Creates a supervisor for the device `selector` names.
    public init(catalog: SensorOpening, selector: DeviceSelector, logger: Logger) {
        self.catalog = catalog
        self.selector = selector
        self.logger = logger
    }

    public var device: SensorDevice {
        source?.device ?? lastDevice ?? SensorDevice(backend: .iio, id: selector.description, name: selector.description)
    }

    /// Opens the device for the first time; a missing device here is an error, not a wait.
    public func start() throws(SensorError) {
        let opened = try catalog.open(selector)
        try opened.start()
        source = opened
        lastDevice = opened.device
        isConnected = true
    }

    /// Opens the device if it is there, and otherwise waits for it (as a daemon does at boot,
    /// before a device's driver has loaded): the error is logged and reads keep looking.
    public func startWaiting() {
        do {
            try start()
        } catch {
            logger.warning("\(error.description)", metadata: ["sensor.device": "\(selector)"])
            retryAt = MonotonicClock.now() + backoff
        }
    }

    /// The open device's; while there is none, nothing is lost by sleeping.
    public var holdsSamplesWhileAsleep: Bool { source?.holdsSamplesWhileAsleep ?? true }

    /// The hardware step counter's reading, when the open device has one.
    public func readHardwareStepCount() -> Int? { source?.hardwareStepCount() }

    public func read(into batch: inout [Sample], timeout: Duration) throws(SensorError) -> SensorReadOutcome {
        if let source {
            do {
                return try source.read(into: &batch, timeout: timeout)
            } catch .deviceLost(let id, let errno) {
                lose(SensorError.deviceLost(id, errno))
                return .timedOut
            }
        }
        let now = MonotonicClock.now()
        if now < retryAt {
            MonotonicClock.sleep(min(retryAt - now, timeout.inSeconds))
            return .timedOut
        }
        reconnect()
        return .timedOut
    }

    func lose(_ error: SensorError) {
        losses += 1
        isConnected = false
        source?.stop()
        source = nil
        backoff = 0.5
        retryAt = MonotonicClock.now() + backoff
        logger.warning("\(error.description)", metadata: ["sensor.device": "\(device.id)"])
    }

    func reconnect() {
        // Ids change when a device comes back (iio:device0 may return as iio:device1), so
        // look for it by name unless a particular one was asked for.
        let target: DeviceSelector
        if case .named = selector, let lastDevice, !selector.matches(lastDevice) || lastDevice.backend == .iio {
            target = .named(lastDevice.name)
        } else if let lastDevice, selector == .automatic {
            target = .named(lastDevice.name)
        } else {
            target = selector
        }
        do {
            let opened = try catalog.open(target)
            try opened.start()
            source = opened
            lastDevice = opened.device
            isConnected = true
            recoveries += 1
            logger.notice("accelerometer is back", metadata: ["sensor.device": "\(opened.device.id)"])
        } catch {
            backoff = min(backoff * 2, longestBackoff)
            retryAt = MonotonicClock.now() + backoff
            logger.debug("accelerometer still missing", metadata: ["error": "\(error.description)", "retry.in": "\(backoff)"])
        }
    }

    public func stop() {
        source?.stop()
        source = nil
        isConnected = false
    }
}
