/// The kind of sample source, on the wire: the sensor backend, or `none` before a source opened.
///
/// Decoding is lenient: a kind this version does not know (a newer daemon's) decodes as
/// `unknown` instead of failing the whole message, so an older `footfall` still shows a newer
/// daemon's STATUS, DEVICES and HISTORY.
public enum SourceKind: String, Sendable, Codable, CaseIterable {
    /// Linux Industrial I/O.
    case iio
    /// Linux input devices (evdev).
    case evdev
    /// A recorded trace, replayed.
    case replay
    /// The chip's own step counter (IIO `in_steps_input`): steps without times or cadence.
    case hardwareSteps = "hardware-steps"
    /// No source yet.
    case none
    /// A kind this version does not know (never sent; what an unknown name decodes as).
    case unknown

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = SourceKind(rawValue: text) ?? .unknown
    }
}
