/// Units of acceleration a recording may be written in.
public enum AccelerationUnit: String, Sendable, Equatable, CaseIterable, Codable {
    /// Metres per second squared (Footfall's own unit, Android's, phyphox's).
    case metersPerSecondSquared = "m/s2"
    /// Standard gravity, g (research devices, Bangle.js, Physics Toolbox's g-force).
    case standardGravity = "g"
    /// Thousandths of g.
    case milliGravity = "mg"

    /// What one unit is in m/s².
    public var metersPerSecondSquared: Double {
        switch self {
        case .metersPerSecondSquared: return 1
        case .standardGravity: return 9.80665
        case .milliGravity: return 0.00980665
        }
    }
}

/// How a delimited recording writes its times.
public enum TimeFormat: String, Sendable, Equatable, CaseIterable, Codable {
    /// Seconds (from any origin: the start, the epoch).
    case seconds = "s"
    /// Milliseconds.
    case milliseconds = "ms"
    /// Microseconds.
    case microseconds = "us"
    /// Nanoseconds (Android's sensor timestamps, Sensor Logger's `time`).
    case nanoseconds = "ns"
    /// ISO 8601 date and time (`2026-05-01T12:00:00.125Z`, `2026-05-01 12:00:00.125`); without
    /// a zone, the clock as written.
    case iso = "iso"

    /// Seconds in one unit; nil for ISO.
    public var seconds: Double? {
        switch self {
        case .seconds: return 1
        case .milliseconds: return 1e-3
        case .microseconds: return 1e-6
        case .nanoseconds: return 1e-9
        case .iso: return nil
        }
    }
}

/// A column of a delimited file: by its header name, or by its 1-based position.
public enum ColumnReference: Sendable, Equatable, CustomStringConvertible, Codable {
    /// The column whose header is this name (compared without case, quotes or surrounding spaces).
    case name(String)
    /// The column at this 1-based position.
    case position(Int)

    /// Reads `3` as a position and anything else as a name.
    public init(_ text: String) {
        if let number = Int(text), number > 0 { self = .position(number) } else { self = .name(text) }
    }

    public var description: String {
        switch self {
        case .name(let name): return "'\(name)'"
        case .position(let position): return "column \(position)"
        }
    }

    /// Kept as it is written on a command line: `3` or `timestamp`.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .name(let name): try container.encode(name)
        case .position(let position): try container.encode(String(position))
        }
    }
}

/// What a user says about a recording that its content does not: which columns, what units,
/// what time format; and whether damaged blocks may be skipped. Everything left nil is found
/// from the file.
public struct RecordingOptions: Sendable, Equatable, Codable {
    /// The time column and the x, y and z columns, in that order (`--columns t,ax,ay,az`); or,
    /// with three entries, only the axes and no time column (then `rate` is needed).
    public var columns: [ColumnReference]?
    /// The unit of the axes (`--units`).
    public var units: AccelerationUnit?
    /// How times are written (`--time`).
    public var time: TimeFormat?
    /// The sampling rate, Hz, for a file without a time column (`--sample-rate`).
    public var rate: Double?
    /// A named export layout (`--preset`).
    public var preset: DelimitedPreset?
    /// Skip a damaged block of a binary recording instead of stopping, counting what is
    /// skipped (`--skip-bad-blocks`).
    public var skipBadBlocks: Bool

    /// Creates options; all nil finds everything from the file.
    public init(columns: [ColumnReference]? = nil, units: AccelerationUnit? = nil, time: TimeFormat? = nil,
                rate: Double? = nil, preset: DelimitedPreset? = nil, skipBadBlocks: Bool = false) {
        self.columns = columns
        self.units = units
        self.time = time
        self.rate = rate
        self.preset = preset
        self.skipBadBlocks = skipBadBlocks
    }

    /// Nothing said: everything from the file.
    public static let automatic = RecordingOptions()
}
