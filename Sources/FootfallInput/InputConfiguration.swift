/// How sensors are chosen and driven. The daemon fills it from its configuration file.
public struct InputConfiguration: Sendable, Equatable {
    /// The sample rate to ask for: a device runs at the lowest rate it offers at or above
    /// this. 50 Hz leaves the detector (which works at 25 Hz) every detail it uses while
    /// keeping the device and the process mostly asleep.
    public var targetRateHz: Double = 50
    /// The report latency: how long a step may wait before clients hear of it (Android's
    /// `maxReportLatency`). Devices are read in batches of this length (a buffered IIO
    /// device's watermark is rate x this), and the daemon hands each batch on at once. The one
    /// setting every source reads its device by (the hardware step counter included).
    public var reportLatency: Duration = .seconds(1)
    /// How long a reader may sleep while nothing moves (no step for a minute): the report
    /// latency, but at least 3 s. A buffered device's buffer holds twice this.
    public var stillInterval: Duration { max(reportLatency, .seconds(3)) }
    /// The range `reportLatency` may take.
    public static let reportLatencyRange: ClosedRange<Double> = 0.1...10
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
    /// How often a chip's step counter is read: the daemon sets it to the report latency, so a
    /// step counted by the chip reaches clients at most this late.
    public var stepCounterInterval: Duration = .seconds(1)
    /// The folder holding evdev nodes.
    public var inputFolder: String = "/dev/input"

    /// The defaults.
    public init() {}
}
