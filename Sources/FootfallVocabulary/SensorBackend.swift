/// Which kind of driver a sensor comes through.
public enum SensorBackend: String, Sendable, Codable, CaseIterable {
    /// Linux Industrial I/O, through libiio.
    case iio
    /// Linux input devices, through libevdev.
    case evdev
    /// A recorded trace, replayed.
    case replay
    /// The chip's own step counter (IIO `in_steps_input`): steps without times or cadence.
    case hardwareSteps = "hardware-steps"
}
