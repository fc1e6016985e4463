/// One accelerometer, in reply to `devices`.
public struct DeviceRecord: Codable, Sendable, Equatable {
    public var backend: SourceKind
    public var id: String
    public var name: String
    public var currentRateHz: Double?
    /// The mount matrix in effect, in the kernel's text form.
    public var mountMatrix: String
    public var hardwareStepCounter: Bool
    /// The hardware step counter's reading, when it is counting (nil without one, or when off).
    public var hardwareSteps: Int?
    /// Whether the daemon is reading this one.
    public var active: Bool

    public init(backend: SourceKind, id: String, name: String, currentRateHz: Double?, mountMatrix: String,
                hardwareStepCounter: Bool, active: Bool, hardwareSteps: Int? = nil) {
        self.hardwareSteps = hardwareSteps
        self.backend = backend
        self.id = id
        self.name = name
        self.currentRateHz = currentRateHz
        self.mountMatrix = mountMatrix
        self.hardwareStepCounter = hardwareStepCounter
        self.active = active
    }
}
