/// What footfalld counts steps with: the accelerometer through the detector, or the chip's own
/// step counter (`in_steps_input`), which gives a number and nothing else.
public enum StepSource: String, Sendable, Codable, CaseIterable {
    /// The accelerometer when there is one, else a chip's step counter.
    case automatic = "auto"
    /// The accelerometer only (the detector's count, step times and cadence).
    case accelerometer
    /// The chip's step counter only, even on a chip that also offers its accelerometer: the
    /// device's samples are not read at all.
    case hardwareSteps = "hardware-steps"
}
