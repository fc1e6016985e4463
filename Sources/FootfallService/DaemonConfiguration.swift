#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallDetection
import FootfallGoals
import FootfallInput
import FootfallYAML
import Logging

/// footfalld's settings, from its YAML configuration file (documented in docs/configuration.md).
/// Every key is optional; unknown keys are errors, so a typo cannot silently fall back to a
/// default.
public struct DaemonConfiguration: Sendable, Equatable {
    /// Daily step goal.
    public var goal = 10_000
    /// Whose progress it is (shown in rendered rings).
    public var userName: String?
    /// Height in centimetres, for the stride length estimate (stride = 0.415 x height).
    public var heightCentimetres: Double?
    /// Stride length in metres; overrides the estimate from height.
    public var strideMetres: Double?
    /// When a day starts, minutes after local midnight (240 for 04:00).
    public var dayStartMinutes = 0
    /// Colour palette for rendering.
    public var palette = Palette.Name.standard
    /// The accelerometer: the first found (`auto`), or one by an id or name from 'footfall devices'.
    public var device = DeviceSelector.automatic
    /// What steps are counted with: `auto` (the accelerometer, else a chip's step counter),
    /// `accelerometer`, or `hardware-steps` (the chip's own counter).
    public var source = StepSource.automatic
    /// Where the device is worn: `wrist` (a watch, a band), `body` (a phone in a pocket or a
    /// bag, a belt, the lower back) or `unknown`. The walking decision asks more of a walk's
    /// start at the wrist, where hands at work make evenly spaced peaks all day.
    public var placement = Placement.unknown
    /// Mount matrix override (checked when the file is read).
    public var mountMatrix: MountMatrix?
    /// Raw units per g for evdev devices that report no resolution.
    public var unitsPerG: Double?
    /// libiio context URI (for a remote board), or nil for this machine.
    public var iioURI: String?
    /// Sample rate to ask devices for, Hz.
    public var targetRateHz = 50.0
    /// How long a step may wait before clients hear of it: devices are read, and steps handed
    /// on, in batches of this length (`InputConfiguration.reportLatency`).
    public var reportLatency = Duration.seconds(1)
    /// How long after a stretch of steps is judged the walking decision over its bout is made
    /// and its steps counted or refused (`DetectorConfiguration.decisionLag`): the stretches
    /// judged meanwhile weigh in. Longer decides more as a whole recording would, later.
    public var decisionLag = DetectorConfiguration.liveDecisionLag
    /// The decision lags the file accepts, seconds: from none to a bout's worth.
    public static let decisionLagRange: ClosedRange<Double> = 0...60
    /// Keep per-minute history this many days (day totals are always kept); nil keeps all.
    public var retentionDays: Int?
    /// Whether to report the exercise-minute and active-hour approximations.
    public var approximations = false
    /// Where to write Prometheus metrics every 15 s, if anywhere.
    public var metricsFile: String?
    /// The log level.
    public var logLevel = Logger.Level.info

    /// The defaults.
    public init() {}

    /// Stride length in metres: configured, else estimated from height, else an adult average.
    public var stride: Double {
        strideMetres ?? heightCentimetres.map { $0 * 0.415 / 100 } ?? 0.74
    }

    /// Where days start, in `timeZone` (the system's, as it is now).
    /// - Throws: `GoalError`, which cannot happen for a day start the file allowed.
    public func dayBoundary(in timeZone: WallClockZone) throws(GoalError) -> DayBoundary {
        try DayBoundary(timeZone: timeZone, startHour: dayStartMinutes / 60, startMinute: dayStartMinutes % 60)
    }

    /// The detector's configuration: the defaults, at the configured placement, deciding live
    /// at the configured lag.
    public var detector: DetectorConfiguration {
        var detector = DetectorConfiguration.default
        detector.placement = placement
        detector.decisionLag = decisionLag
        detector.showsProvisionalSteps = true
        return detector
    }

    /// How sensors are chosen and driven.
    public var input: InputConfiguration {
        var input = InputConfiguration()
        input.targetRateHz = targetRateHz
        input.unitsPerG = unitsPerG
        input.iioURI = iioURI
        input.mountMatrix = mountMatrix
        input.stepSource = source
        input.reportLatency = reportLatency
        input.stepCounterInterval = reportLatency
        return input
    }

    /// What a reload can change while running.
    public var runtimeSettings: RuntimeSettings {
        RuntimeSettings(stride: stride, approximations: approximations, userName: userName, palette: palette,
                        retentionDays: retentionDays)
    }

    /// The keys whose change takes a restart to apply (the sensor is opened once), of those that
    /// differ between this configuration and `other`.
    public func keysNeedingRestart(comparedTo other: DaemonConfiguration) -> [String] {
        var keys: [String] = []
        if device != other.device { keys.append("device") }
        if source != other.source { keys.append("source") }
        if placement != other.placement { keys.append("placement") }
        if mountMatrix != other.mountMatrix { keys.append("mount_matrix") }
        if iioURI != other.iioURI { keys.append("iio_uri") }
        if targetRateHz != other.targetRateHz { keys.append("target_rate_hz") }
        if reportLatency != other.reportLatency { keys.append("report_latency") }
        if decisionLag != other.decisionLag { keys.append("decision_lag") }
        return keys
    }

    /// The keys the file may hold, for error messages and docs.
    public static let keys = ["goal", "user_name", "height_cm", "stride_m", "day_start", "palette", "device", "source",
                              "placement", "mount_matrix", "units_per_g", "iio_uri", "target_rate_hz", "report_latency", "decision_lag",
                              "retention_days",
                              "approximations", "metrics_file", "log_level"]

    /// Reads a configuration file.
    /// - Throws: `ConfigurationError` naming the file, the line and the problem.
    public static func load(path: String) throws(ConfigurationError) -> DaemonConfiguration {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read it (permissions?)" : "no such file"
            throw ConfigurationError(path: path, line: nil, message: reason)
        }
        return try parse(text, path: path)
    }

    /// Parses configuration text; `path` names it in errors.
    /// - Throws: `ConfigurationError`.
    public static func parse(_ text: String, path: String = "configuration") throws(ConfigurationError) -> DaemonConfiguration {
        do {
            return try read(text, path: path)
        } catch {
            // libyaml puts the end of a text without a final line break on a line of its own,
            // one past the last; a problem found there (an unclosed '{', a missing value) is
            // reported on the last line.
            var error = error
            error.line = error.line.map { min($0, lineCount(text)) }
            throw error
        }
    }

    static func read(_ text: String, path: String) throws(ConfigurationError) -> DaemonConfiguration {
        let root: YAMLNode?
        do {
            root = try YAMLComposer.compose(text)
        } catch {
            switch error {
            case .syntax(let problem, let line):
                throw ConfigurationError(path: path, line: line, message: "not valid YAML: \(problem)")
            case .duplicateKey(let key, let line):
                throw ConfigurationError(path: path, line: line, message: key.string.map { "'\($0)' is set twice" } ?? "a key is set twice")
            }
        }
        var configuration = DaemonConfiguration()
        guard let root else { return configuration }
        guard case .mapping(let pairs, _) = root else {
            throw ConfigurationError(path: path, line: root.line, message: "expected 'key: value' lines at the top level")
        }
        for pair in pairs {
            let (keyNode, value) = (pair.key, pair.value)
            let line = keyNode.line
            guard let key = keyNode.string else {
                throw ConfigurationError(path: path, line: line, message: "a key must be a plain word")
            }
            let field = ConfigurationField(key: key, node: value, path: path, line: value.line)
            switch key {
            case "goal": configuration.goal = try field.integer(in: GoalHistory.allowedGoals)
            case "user_name": configuration.userName = try field.optionalText()
            case "height_cm": configuration.heightCentimetres = try field.optionalNumber(in: 50...260)
            case "stride_m": configuration.strideMetres = try field.optionalNumber(in: 0.2...2.5)
            case "day_start": configuration.dayStartMinutes = try field.timeOfDay()
            case "palette": configuration.palette = try field.choice(Palette.Name.self)
            case "device": configuration.device = try field.optionalText().map(DeviceSelector.init) ?? .automatic
            case "source": configuration.source = try field.choice(StepSource.self)
            case "placement": configuration.placement = try field.choice(Placement.self)
            case "mount_matrix": configuration.mountMatrix = try field.optionalMountMatrix()
            case "units_per_g": configuration.unitsPerG = try field.optionalNumber(in: 1...1e7)
            case "iio_uri": configuration.iioURI = try field.optionalText()
            case "target_rate_hz": configuration.targetRateHz = try field.number(in: 12.5...400)
            case "report_latency": configuration.reportLatency = .seconds(try field.number(in: InputConfiguration.reportLatencyRange))
            case "decision_lag": configuration.decisionLag = .milliseconds(Int64((try field.number(in: decisionLagRange) * 1000).rounded()))
            case "retention_days": configuration.retentionDays = try field.optionalInteger(in: 1...100_000)
            case "approximations": configuration.approximations = try field.boolean()
            case "metrics_file": configuration.metricsFile = try field.optionalText()
            case "log_level": configuration.logLevel = try field.choice(Logger.Level.self)
            default:
                let suggestion = keys.min { editDistance($0, key) < editDistance($1, key) }
                    .flatMap { editDistance($0, key) <= 3 ? " (did you mean '\($0)'?)" : nil } ?? ""
                throw ConfigurationError(path: path, line: line, message: "unknown key '\(key)'\(suggestion); known keys: \(keys.joined(separator: ", "))")
            }
        }
        return configuration
    }
}

/// The number of lines in `text`, with line breaks as YAML has them (`\n`, `\r`, `\r\n`, NEL,
/// LS, PS); a last line without a break counts.
func lineCount(_ text: String) -> Int {
    func isBreak(_ scalar: Unicode.Scalar) -> Bool { ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) }
    var breaks = 0
    var previous: Unicode.Scalar = "\0"
    for scalar in text.unicodeScalars {
        if isBreak(scalar) && !(scalar == "\n" && previous == "\r") { breaks += 1 }
        previous = scalar
    }
    return max(1, isBreak(previous) ? breaks : breaks + 1)
}

/// Levenshtein distance, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(b.count, 1) where b.count > 0 {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
