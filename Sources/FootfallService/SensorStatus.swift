import FootfallInput
import FootfallProtocol

/// The state of the sample source, as the sensor thread last published it.
public struct SensorStatus: Sendable, Equatable {
    /// The device being read, once a source exists.
    public var device: SensorDevice?
    /// Whether samples are coming.
    public var state: SourceState
    /// Times the device was lost since start.
    public var losses: Int
    /// Samples processed since start.
    public var samplesProcessed: Int
    /// The device's own step count, when it has a hardware counter.
    public var hardwareSteps: Int?

    /// Before the sensor thread has opened anything.
    public static let starting = SensorStatus(device: nil, state: .starting, losses: 0, samplesProcessed: 0, hardwareSteps: nil)

    /// Creates a status.
    public init(device: SensorDevice?, state: SourceState, losses: Int, samplesProcessed: Int, hardwareSteps: Int?) {
        self.device = device
        self.state = state
        self.losses = losses
        self.samplesProcessed = samplesProcessed
        self.hardwareSteps = hardwareSteps
    }
}
