/// How a delimited text recording is laid out: its delimiter, where its samples start, which
/// columns hold time and the three axes, and in what units. Found from the file's first lines
/// (`detect`), with whatever the user said in `RecordingOptions` taking precedence.
public struct DelimitedLayout: Sendable, Equatable {
    /// The field separator: `,`, `;`, tab or space.
    public var delimiter: UInt8
    /// Whether numbers are written with a decimal comma (`1,5`), as some European exports are.
    public var decimalComma: Bool
    /// Lines before the first sample, the header among them.
    public var linesBeforeSamples: Int
    /// The header's column names as written (empty without a header).
    public var header: [String]
    /// The 0-based time column; nil when times come from `rate`.
    public var timeColumn: Int?
    /// The 0-based x, y and z columns.
    public var axisColumns: [Int]
    /// How times are written.
    public var time: TimeFormat
    /// The unit of the axes.
    public var units: AccelerationUnit
    /// The sampling rate for a file without times, Hz.
    public var rate: Double?
    /// The preset the header was recognised as, if any.
    public var preset: DelimitedPreset?

    /// The columns' names as written, or their positions, for messages: "time", "x", "y", "z".
    public var columnDescriptions: [String] {
        let roles = ["time", "x", "y", "z"]
        let columns = [timeColumn] + axisColumns.map(Optional.some)
        return zip(roles, columns).compactMap { role, column in
            guard let column else { return nil }
            let name = column < header.count ? header[column] : "column \(column + 1)"
            return "\(role)=\(name)"
        }
    }

    /// A header name without case, quotes, units in brackets or punctuation:
    /// `"Acceleration x (m/s^2)"` is `accelerationx`, `seconds_elapsed` is `secondselapsed`.
    public static func normalized(_ name: String) -> String {
        var depth = 0
        var out = ""
        for character in name.lowercased() {
            if character == "(" || character == "[" { depth += 1; continue }
            if character == ")" || character == "]" { depth = max(0, depth - 1); continue }
            if depth == 0 && (character.isLetter || character.isNumber) { out.append(character) }
        }
        return out
    }

    /// The axis (0, 1, 2 for x, y, z) a normalised name is, or nil: `x`, `ax`, `accx`,
    /// `accelerationx`, `accelerometerx`, `gfx`, `xaxis`, `accelx`, `linearaccelerationx`.
    static func axis(ofNormalized name: String) -> Int? {
        var rest = Substring(name)
        for excluded in ["gyr", "mag", "rot", "gravity", "orient", "angle", "quat", "temp", "light", "lux", "battery"] where rest.contains(excluded) {
            return nil
        }
        for prefix in ["totalacceleration", "linearacceleration", "useracceleration", "accelerometer", "acceleration", "accel", "acc", "gf", "a"]
        where rest.hasPrefix(prefix) && rest.count > prefix.count {
            rest = rest.dropFirst(prefix.count)
            break
        }
        if rest.hasSuffix("axis") && rest.count > 4 { rest = rest.dropLast(4) }
        switch rest {
        case "x": return 0
        case "y": return 1
        case "z": return 2
        default: return nil
        }
    }

    /// How much a normalised name looks like a time column: lower is more; nil for not at all.
    static func timeRank(ofNormalized name: String) -> Int? {
        let ranked = ["t", "time", "timestamp", "unixtimestamp", "epoch", "datetime", "timems", "timestampms", "timens", "timeus",
                      "ts", "secondselapsed", "elapsed", "elapsedtime", "seconds", "date"]
        if let rank = ranked.firstIndex(of: name) { return rank }
        if name.contains("time") { return ranked.count }
        return nil
    }

    /// The unit a raw header name announces, if it does: `(m/s^2)`, `[g]`, `gFx`, `_mg`.
    static func announcedUnit(_ raw: String) -> AccelerationUnit? {
        let name = raw.lowercased().replacingSpaces()
        if name.contains("m/s") || name.contains("ms^-2") || name.contains("ms-2") || name.contains("m*s") { return .metersPerSecondSquared }
        if name.contains("(mg)") || name.contains("[mg]") || name.hasSuffix("_mg") { return .milliGravity }
        if name.contains("(g)") || name.contains("[g]") || name.hasSuffix("_g") || name.hasPrefix("gf") { return .standardGravity }
        return nil
    }
}

extension String {
    fileprivate func replacingSpaces() -> String { String(filter { $0 != " " }) }
}
