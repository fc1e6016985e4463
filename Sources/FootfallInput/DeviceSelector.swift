/// Which accelerometer to use: the first found, or one named by id, node path or driver name.
public enum DeviceSelector: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The first accelerometer found: IIO devices first, then evdev.
    case automatic
    /// A device by id (`iio:device0`), node (`/dev/input/event3`, `event3`) or name (`accel_3d`).
    case named(String)

    /// Parses a `--device` value: `auto` or a name.
    public init(_ text: String) {
        self = text.isEmpty || text == "auto" ? .automatic : .named(text)
    }

    /// Whether `device` is the one meant.
    public func matches(_ device: SensorDevice) -> Bool {
        switch self {
        case .automatic:
            return true
        case .named(let name):
            return device.id == name || device.path == name || device.name == name
                || device.path == "/dev/input/" + name || device.path == "/dev/" + name
        }
    }

    /// The selector as written: `auto`, or the name.
    public var description: String {
        switch self {
        case .automatic: return "auto"
        case .named(let name): return name
        }
    }

    /// The selector as written, quoted as text is in a dump (`"auto"`, `"event3"`): a
    /// configuration prints its device as the text the file gave.
    public var debugDescription: String { description.debugDescription }
}
