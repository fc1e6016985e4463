import FootfallVocabulary
/// What `footfall devices` shows of an accelerometer, and what a source reads from.
public struct SensorDevice: Sendable, Codable, Equatable {
    /// The driver family.
    public var backend: SensorBackend
    /// A stable identifier to pass to `--device`: `iio:device0`, `/dev/input/event3`, or a trace path.
    public var id: String
    /// The driver's name for it (`accel_3d`, `bmc150_accel`, ...).
    public var name: String
    /// The device node, when there is one.
    public var path: String?
    /// Rates the device offers, as text ("12.5 25 50 100"), when it says.
    public var availableRates: String?
    /// The rate it runs at now, Hz, when known.
    public var currentRateHz: Double?
    /// m/s² per raw unit, when uniform across axes (IIO), or nil.
    public var scale: Double?
    /// Raw units per g for each axis (evdev), or nil.
    public var unitsPerG: [Double]?
    /// The mount matrix in effect (in JSON, its kernel text form).
    public var mountMatrix: MountMatrix
    /// Where the mount matrix came from.
    public var mountMatrixSource: MountMatrix.Provenance
    /// Whether the device has a hardware step counter.
    public var hasHardwareStepCounter: Bool
    /// The hardware step counter's reading (steps since it was enabled), when it is counting.
    public var hardwareSteps: Int?
    /// Whether a buffer with a trigger can be used (IIO), else values are polled.
    public var buffered: Bool?

    /// Creates a description.
    public init(backend: SensorBackend, id: String, name: String, path: String? = nil, availableRates: String? = nil,
                currentRateHz: Double? = nil, scale: Double? = nil, unitsPerG: [Double]? = nil,
                mountMatrix: MountMatrix = .identity, mountMatrixSource: MountMatrix.Provenance = .none,
                hasHardwareStepCounter: Bool = false, hardwareSteps: Int? = nil, buffered: Bool? = nil) {
        self.backend = backend
        self.id = id
        self.name = name
        self.path = path
        self.availableRates = availableRates
        self.currentRateHz = currentRateHz
        self.scale = scale
        self.unitsPerG = unitsPerG
        self.mountMatrix = mountMatrix
        self.mountMatrixSource = mountMatrixSource
        self.hasHardwareStepCounter = hasHardwareStepCounter
        self.hardwareSteps = hardwareSteps
        self.buffered = buffered
    }

    enum CodingKeys: String, CodingKey {
        case backend, id, name, path, scale, buffered
        case availableRates = "available_rates"
        case currentRateHz = "current_rate_hz"
        case unitsPerG = "units_per_g"
        case mountMatrix = "mount_matrix"
        case mountMatrixSource = "mount_matrix_source"
        case hasHardwareStepCounter = "hardware_step_counter"
        case hardwareSteps = "hardware_steps"
    }
}
