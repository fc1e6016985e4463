/// How sensors are chosen and driven. The daemon fills it from its configuration file.
public struct InputConfiguration: Sendable, Equatable {
    /// The sample rate to ask for: a device runs at the lowest rate it offers at or above
    /// this. 50 Hz leaves the detector (which works at 25 Hz) every detail it uses while
    /// keeping the device and the process mostly asleep.
    public var targetRateHz: Double = 50
    /// How many times a second a buffered IIO device should wake the process: the buffer's
    /// watermark is rate / this.
    public var wakeupsPerSecond: Double = 4
    /// A mount matrix that overrides udev's and the driver's.
    public var mountMatrix: MountMatrix?
    /// Raw units per g for evdev devices that report no resolution (or a wrong one).
    public var unitsPerG: Double?
    /// The libiio context: nil for the local backend, or a URI such as `ip:192.168.1.7`.
    public var iioURI: String?
    /// Where udev keeps its database (for `ACCEL_MOUNT_MATRIX`).
    public var udevDatabase: String = UdevProperties.defaultDatabase
    /// What steps are counted with: the accelerometer, or the chip's own counter.
    public var stepSource = StepSource.automatic
    /// How often a chip's step counter is read. One second, as the report latency will be
    /// (issue 11): a step counted by the chip reaches clients at most this late.
    public var stepCounterInterval: Duration = .seconds(1)
    /// The folder holding evdev nodes.
    public var inputFolder: String = "/dev/input"

    /// The defaults.
    public init() {}
}
