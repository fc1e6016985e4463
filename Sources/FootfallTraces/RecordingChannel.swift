/// A kind of measurement a recording holds. Footfall reads the accelerometer; `inspect` names
/// the others a file carries so that nobody wonders whether they were used.
public enum RecordingChannel: String, Sendable, Equatable, Hashable, CaseIterable, Comparable {
    case accelerometer
    case gyroscope
    case magnetometer
    /// A GT3X's sensor records (its IMU: gyroscope, magnetometer, temperature, as its schema says).
    case imu
    case light
    case temperature
    case button
    case battery

    /// What it is, for people.
    public var title: String {
        switch self {
        case .imu: return "IMU sensor records"
        default: return rawValue
        }
    }

    public static func < (a: RecordingChannel, b: RecordingChannel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
