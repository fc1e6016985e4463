/// The layouts of common phone and watch exports, by name (`--preset`). Each names its time
/// and axis columns (as `DelimitedLayout.normalized` writes header names), its time format and
/// its unit. Without a preset the same layouts are recognised from the header.
public enum DelimitedPreset: String, Sendable, Equatable, CaseIterable, Codable {
    /// Footfall's own traces: `t,ax,ay,az`, seconds, m/s².
    case footfall
    /// Sensor Logger (iOS, Android) `Accelerometer.csv` or `TotalAcceleration.csv`:
    /// `time,seconds_elapsed,z,y,x`, `time` in nanoseconds since the epoch, m/s².
    case sensorLogger = "sensor-logger"
    /// phyphox's "Acceleration (with g)" export: `Time (s)`, `Acceleration x (m/s^2)`, ...
    case phyphox
    /// Physics Toolbox Sensor Suite's g-force meter: `time,gFx,gFy,gFz`, seconds, g.
    case physicsToolbox = "physics-toolbox"
    /// An Android `SensorEvent` log: `timestamp,x,y,z`, nanoseconds, m/s².
    case android

    /// The time, x, y and z columns, normalised names.
    public var columns: [String] {
        switch self {
        case .footfall: return ["t", "ax", "ay", "az"]
        case .sensorLogger: return ["time", "x", "y", "z"]
        case .phyphox: return ["time", "accelerationx", "accelerationy", "accelerationz"]
        case .physicsToolbox: return ["time", "gfx", "gfy", "gfz"]
        case .android: return ["timestamp", "x", "y", "z"]
        }
    }

    /// How its times are written.
    public var time: TimeFormat {
        switch self {
        case .footfall, .phyphox, .physicsToolbox: return .seconds
        case .sensorLogger, .android: return .nanoseconds
        }
    }

    /// Its unit of acceleration.
    public var units: AccelerationUnit {
        self == .physicsToolbox ? .standardGravity : .metersPerSecondSquared
    }

    /// The preset whose header this is: every column it names is there (`sensor-logger` also
    /// needs its `seconds_elapsed`).
    static func recognise(_ names: [String]) -> DelimitedPreset? {
        if names == ["t", "ax", "ay", "az"] { return .footfall }
        if names.contains("secondselapsed") && ["time", "x", "y", "z"].allSatisfy(names.contains) { return .sensorLogger }
        for preset in [DelimitedPreset.phyphox, .physicsToolbox] where preset.columns.allSatisfy(names.contains) {
            return preset
        }
        return nil
    }
}
