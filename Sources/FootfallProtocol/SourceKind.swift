/// The kind of sample source, on the wire: the sensor backend, or `none` before a source opened.
public enum SourceKind: String, Sendable, Codable, CaseIterable {
    /// Linux Industrial I/O.
    case iio
    /// Linux input devices (evdev).
    case evdev
    /// A recorded trace, replayed.
    case replay
    /// No source yet.
    case none
}
