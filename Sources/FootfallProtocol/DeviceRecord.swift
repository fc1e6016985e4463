/// One accelerometer, in reply to `devices`.
public struct DeviceRecord: Codable, Sendable, Equatable {
    public var backend: SourceKind
    public var id: String
    public var name: String
    public var currentRateHz: Double?
    /// The mount matrix in effect, in the kernel's text form.
    public var mountMatrix: String
    public var hardwareStepCounter: Bool
    /// Whether the daemon is reading this one.
    public var active: Bool

    public init(backend: SourceKind, id: String, name: String, currentRateHz: Double?, mountMatrix: String,
                hardwareStepCounter: Bool, active: Bool) {
        self.backend = backend
        self.id = id
        self.name = name
        self.currentRateHz = currentRateHz
        self.mountMatrix = mountMatrix
        self.hardwareStepCounter = hardwareStepCounter
        self.active = active
    }
}
