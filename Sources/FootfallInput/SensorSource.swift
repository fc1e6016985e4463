import FootfallDetection

/// What a read returned.
public enum SensorReadOutcome: Sendable, Equatable {
    /// Samples were appended to the batch.
    case samples
    /// Nothing arrived before the timeout.
    case timedOut
    /// The source has nothing more to give (a replay that reached its end).
    case endOfStream
}

/// A source of accelerometer samples: one implementation per backend (IIO, evdev, trace
/// replay), probed and used the same way, so the detector never knows where samples come from.
///
/// Samples are delivered in batches, with times in seconds on the monotonic clock (for replay:
/// the trace's clock, shifted to start now) and acceleration in m/s² in the device frame, the
/// mount matrix already applied. A source is used from one thread; `read` blocks for at most
/// its timeout, so a caller can stop between reads.
public protocol SensorSource: AnyObject {
    /// The device being read.
    var device: SensorDevice { get }

    /// Starts delivering samples: enables the buffer, opens the node, starts the clock.
    /// - Throws: `SensorError` when the device cannot be opened or configured.
    func start() throws(SensorError)

    /// Waits up to `timeout` for samples and appends them to `batch` (which it never clears).
    /// - Throws: `SensorError.deviceLost` when the device went away; other `SensorError`s for
    ///   failures that retrying will not fix.
    func read(into batch: inout [Sample], timeout: Duration) throws(SensorError) -> SensorReadOutcome

    /// Stops and releases the device. Safe to call more than once.
    func stop()

    /// When a sample stamped `time` reached the reader, on the monotonic clock. Live devices
    /// stamp on the monotonic clock already; a replay at another speed maps back.
    func monotonicTime(ofSampleTime time: Double) -> Double

    /// Whether the device keeps samples while the reader sleeps (a buffered IIO device, a
    /// replay), so a reader may sleep a whole report latency and then drain it with reads of
    /// timeout zero. False (the default) for devices that must be read as samples come: evdev's
    /// queue holds a few dozen events, sysfs polling samples at each read.
    var holdsSamplesWhileAsleep: Bool { get }
}

extension SensorSource {
    /// Live devices stamp samples on the monotonic clock.
    public func monotonicTime(ofSampleTime time: Double) -> Double { time }

    /// Most devices must be read as samples come.
    public var holdsSamplesWhileAsleep: Bool { false }

    /// The hardware step counter's reading, when the device has one: (steps since it was
    /// enabled). Sources without one return nil.
    public func hardwareStepCount() -> Int? { (self as? HardwareStepCounting)?.readHardwareStepCount() }
}

/// A source whose device counts steps itself (bma400, mma9553, ...): its count is offered as
/// an extra reading beside the software count.
public protocol HardwareStepCounting: AnyObject {
    /// Steps counted by the hardware since it was enabled, or nil when it cannot be read.
    func readHardwareStepCount() -> Int?
}
