import FootfallInput
import FootfallProtocol
import FootfallVocabulary

extension SourceKind {
    /// The wire's name for a backend; `.none` when there is no device yet.
    public init(_ backend: SensorBackend?) {
        switch backend {
        case .iio: self = .iio
        case .evdev: self = .evdev
        case .replay: self = .replay
        case .hardwareSteps: self = .hardwareSteps
        case nil: self = .none
        }
    }
}
