#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON file beside a trace (`NAME.json` next to `NAME.csv`): ground truth and metadata.
///
/// Field names follow the shared datasets' format (snake_case). Everything is optional except
/// what scoring needs to make sense: when `steps` is present it is the true count, and
/// `step_times` (if not null) gives each true step on the trace's clock.
public struct TraceSidecar: Codable, Sendable, Equatable {
    /// What the person was doing, which decides how a recording is scored.
    public enum Activity: String, Codable, Sendable, CaseIterable {
        /// Walking throughout: scored by count error and per-step F1.
        case walking
        /// No walking at all: every counted step is a false step.
        case nonWalking = "non-walking"
        /// Walking between other activities: scored on the summed count.
        case mixed
    }

    /// The true number of steps.
    public var steps: Int?
    /// Every true step's time, seconds on the trace's clock, or nil when only the total is known.
    public var stepTimes: [Double]?
    /// How far a detected step may lie from a true one and still match it, seconds.
    public var stepTimeTolerance: Double?
    /// What the person was doing.
    public var activity: Activity?
    /// Where the device was worn or carried ("wrist", "front-pocket", ...).
    public var placement: String?
    /// The recording device.
    public var device: String?
    /// Who was recorded (an identifier, not a name).
    public var subject: String?
    /// Median sample rate, Hz.
    public var sampleRateHz: Double?
    /// Number of samples.
    public var samples: Int?
    /// Length of the recording, seconds.
    public var durationSeconds: Double?
    /// The dataset the recording belongs to.
    public var dataset: String?
    /// Who made the recording and where it was published.
    public var attribution: String?
    /// The recording's licence.
    public var license: String?
    /// How the truth was obtained.
    public var groundTruth: String?
    /// Time windows, seconds, outside which detected steps are not scored.
    public var evaluationWindows: [[Double]]?
    /// The Bangle.js firmware's own count, where known.
    public var bangleFirmwareCount: Int?
    /// When the recording was made (ISO 8601), for recordings made by `footfall record`.
    public var recordedAt: String?
    /// The walks in the recording, for scoring recall by walk length (generated sets).
    public var walks: [Walk]?
    /// What the recording shows, in the dataset's words ("clapping", "driving", "jogging",
    /// ...): the bench scores false steps per hour of each non-walking label and the rate of
    /// each walking one.
    public var label: String?
    /// What the person was doing when, for recordings whose truth is labelled segments rather
    /// than steps (geotec-tug): scored by where the counted steps fall.
    public var segments: [Segment]?

    /// What a labelled segment shows.
    public enum SegmentLabel: String, Codable, Sendable, CaseIterable {
        /// Sitting still.
        case seated
        /// Rising from a chair.
        case standingUp = "standing-up"
        /// Walking.
        case walking
        /// Turning round, on the feet.
        case turning
        /// Lowering onto a chair (people step as they turn to it).
        case sittingDown = "sitting-down"

        /// Whether steps belong there: walking and turning.
        public var isWalking: Bool { self == .walking || self == .turning }

        /// Reads a label, naming the known ones when it is not one of them.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let label = SegmentLabel(rawValue: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "unknown segment label '\(text)' (known: \(Self.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            self = label
        }
    }

    /// One labelled stretch of a recording.
    public struct Segment: Codable, Sendable, Equatable {
        /// What it shows.
        public var label: SegmentLabel
        /// Its start, seconds on the trace's clock.
        public var start: Double
        /// Its end, seconds on the trace's clock.
        public var end: Double

        /// Creates a segment.
        public init(label: SegmentLabel, start: Double, end: Double) {
            self.label = label
            self.start = start
            self.end = end
        }
    }

    /// One walk within a recording: when it starts and ends and how many true steps it has.
    public struct Walk: Codable, Sendable, Equatable {
        /// The walk's first step, seconds on the trace's clock.
        public var start: Double
        /// The walk's last step, seconds on the trace's clock.
        public var end: Double
        /// Its true steps.
        public var steps: Int

        /// Creates a walk.
        public init(start: Double, end: Double, steps: Int) {
            self.start = start
            self.end = end
            self.steps = steps
        }
    }

    /// Creates a sidecar; every field is optional.
    public init(steps: Int? = nil, stepTimes: [Double]? = nil, stepTimeTolerance: Double? = nil,
                activity: Activity? = nil, placement: String? = nil, device: String? = nil,
                subject: String? = nil, sampleRateHz: Double? = nil, samples: Int? = nil,
                durationSeconds: Double? = nil, dataset: String? = nil, attribution: String? = nil,
                license: String? = nil, groundTruth: String? = nil, recordedAt: String? = nil) {
        self.steps = steps
        self.stepTimes = stepTimes
        self.stepTimeTolerance = stepTimeTolerance
        self.activity = activity
        self.placement = placement
        self.device = device
        self.subject = subject
        self.sampleRateHz = sampleRateHz
        self.samples = samples
        self.durationSeconds = durationSeconds
        self.dataset = dataset
        self.attribution = attribution
        self.license = license
        self.groundTruth = groundTruth
        self.recordedAt = recordedAt
    }

    enum CodingKeys: String, CodingKey {
        case steps, activity, placement, device, subject, samples, dataset, attribution, license
        case stepTimes = "step_times"
        case stepTimeTolerance = "step_time_tolerance_s"
        case sampleRateHz = "sample_rate_hz"
        case durationSeconds = "duration_s"
        case groundTruth = "ground_truth"
        case evaluationWindows = "evaluation_windows"
        case bangleFirmwareCount = "bangle_firmware_count"
        case recordedAt = "recorded_at"
        case walks, label, segments
    }

    /// The sidecar path for a trace: the same name with `.json` for its extension.
    public static func path(forTrace tracePath: String) -> String {
        // walk.csv, walk.csv.gz and walk.cwa all have walk.json beside them.
        Recording.stem(tracePath) + ".json"
    }

    /// Reads the sidecar beside `tracePath`, or nil when there is none.
    /// - Throws: `TraceError.badSidecar` when the file exists but does not parse or is inconsistent.
    public static func load(besideTrace tracePath: String) throws(TraceError) -> TraceSidecar? {
        let path = path(forTrace: tracePath)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try load(path: path)
    }

    /// Reads a sidecar file.
    /// - Throws: `TraceError` when the file cannot be read, does not parse or is inconsistent.
    public static func load(path: String) throws(TraceError) -> TraceSidecar {
        // Read as a recording is (FileByteStream), so both say why a file cannot be read the same way.
        let file = try FileByteStream(path: path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, file.fileSize), alignment: 1)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < file.fileSize {
            let count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<file.fileSize]))
            if count == 0 { break }
            filled += count
        }
        return try parse(Data(buffer[0..<filled]), path: path)
    }

    /// Parses sidecar JSON already in memory; `path` is only used in error messages.
    /// - Throws: `TraceError.badSidecar` when the JSON does not parse or is inconsistent.
    public static func parse(_ data: Data, path: String) throws(TraceError) -> TraceSidecar {
        let sidecar: TraceSidecar
        do {
            sidecar = try JSONDecoder().decode(TraceSidecar.self, from: data)
        } catch let error as DecodingError {
            throw TraceError(path: path, reason: .badSidecar(Self.explain(error)))
        } catch {
            throw TraceError(path: path, reason: .badSidecar("\(error)"))
        }
        if let problem = sidecar.inconsistency {
            throw TraceError(path: path, reason: .badSidecar(problem))
        }
        return sidecar
    }

    /// What is self-contradictory in the sidecar, if anything.
    var inconsistency: String? {
        if let steps, steps < 0 { return "'steps' is negative" }
        if let times = stepTimes {
            if let steps, times.count != steps {
                return "'steps' is \(steps) but 'step_times' lists \(times.count)"
            }
            if times.contains(where: { !$0.isFinite }) { return "'step_times' holds a value that is not finite" }
        }
        if let tolerance = stepTimeTolerance, !(tolerance > 0) { return "'step_time_tolerance_s' must be positive" }
        if let walks, walks.contains(where: { !($0.start <= $0.end) || $0.steps < 1 }) {
            return "a walk in 'walks' ends before it starts or has no steps"
        }
        if let segments, let bad = segments.firstIndex(where: { !($0.start <= $0.end) }) {
            return "segment \(bad) in 'segments' ends before it starts"
        }
        return nil
    }

    static func explain(_ error: DecodingError) -> String {
        func at(_ path: [CodingKey]) -> String {
            path.isEmpty ? "" : " at '" + path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") + "'"
        }
        switch error {
        case .dataCorrupted(let context):
            #if !canImport(FoundationEssentials)
            // Darwin's JSONDecoder says where the JSON broke only in the underlying NSError;
            // swift-foundation's (Linux) has no underlying error.
            if let underlying = context.underlyingError as NSError?,
               let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String {
                return "\(detail)\(at(context.codingPath))"
            }
            #endif
            return "\(context.debugDescription)\(at(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
            return "\(context.debugDescription)\(at(context.codingPath))"
        @unknown default:
            return "\(error)"
        }
    }

    /// Encodes the sidecar as pretty-printed JSON with stable key order.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
