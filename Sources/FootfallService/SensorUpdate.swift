import FootfallInput
import FootfallVocabulary

/// What the sensor thread reports after each read: the steps credited, the detector's state,
/// and which kind of sensor the samples came from, so every step is filed under the device
/// that counted it.
public struct SensorUpdate: Sendable {
    /// Steps credited by this read: when each happened on the monotonic clock, and its cadence.
    public var steps: [(time: Double, cadence: Double)]
    /// Samples processed by this read.
    public var samples: Int
    /// Whether a walk is in progress.
    public var walking: Bool
    /// Current cadence, steps per minute, 0 when not walking.
    public var cadence: Double
    /// The backend of the device the samples were read from.
    public var backend: SensorBackend
    /// Steps the chip's own counter added since the last update, and when it was read (monotonic
    /// seconds), when the device has a counter. Filed as steps (without times or cadence) when
    /// `backend` is `.hardwareSteps`; otherwise only shown beside the detector's count.
    public var hardwareSteps: (count: Int, time: Double)?
    /// Whether the device keeps its samples while the sensor thread is busy (a buffered IIO
    /// device, a chip's step counter, a replay), so the sink may take a moment for the disk
    /// before it returns; false for devices read as samples come (evdev, sysfs polling), whose
    /// samples a waiting thread would lose.
    public var deviceKeepsSamples: Bool
    /// The detector's provisional steps whose decision is still to come, after this read:
    /// shown beside the count, never filed (`StepDetector.pendingSteps`).
    public var pendingSteps = 0
    /// The provisional steps this read reported, and those it withdrew (for STEP events).
    public var provisionalSteps: [(time: Double, cadence: Double)] = []
    public var withdrawnSteps = 0

    /// Creates an update.
    public init(steps: [(time: Double, cadence: Double)], samples: Int, walking: Bool, cadence: Double, backend: SensorBackend,
                hardwareSteps: (count: Int, time: Double)? = nil, deviceKeepsSamples: Bool = false) {
        self.deviceKeepsSamples = deviceKeepsSamples
        self.steps = steps
        self.samples = samples
        self.walking = walking
        self.cadence = cadence
        self.backend = backend
        self.hardwareSteps = hardwareSteps
    }
}
