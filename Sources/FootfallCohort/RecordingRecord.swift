import FootfallAnalysis
import FootfallText
import FootfallTraces
import FootfallVocabulary

/// A row of recordings.csv: what one recording was (format, device, serial, rate, span) and
/// what reading it gave (days, valid days, wear, steps, samples skipped), how long it took,
/// and which file and which task it came from.
public struct RecordingRecord: Sendable, Equatable {
    /// The columns, in order. docs/cohorts.md says what each means.
    public static let columns = [
        "id", "path", "format", "compression", "device", "serial", "placement", "rate_hz", "configured_rate_hz",
        "first_sample", "last_sample", "days", "valid_days", "wear_hours", "steps", "samples", "samples_skipped",
        "damaged_blocks", "seconds", "cpu_seconds", "bytes", "modified", "task", "host", "footfall",
    ]

    /// The fields, in the order of `columns`.
    public var fields: [String]

    /// The record of `entry` read into `counted` at `placement`, from the file as `fingerprint` found it.
    init(entry: PlanEntry, counted: RecordingDays, placement: String, fingerprint: FileFingerprint?,
         seconds: Double, cpuSeconds: Double, task: TaskIdentity, localOffset: (Double) -> Double) {
        let summary = counted.count.recording
        let first = summary?.firstTime ?? .nan, last = summary?.lastTime ?? .nan
        let wearMinutes = counted.days.reduce(0) { $0 + $1.wearMinutes }
        fields = [
            entry.id.rawValue, entry.path, summary?.format.rawValue ?? "", summary?.compression.rawValue ?? "",
            summary?.deviceModel ?? "", summary?.deviceSerial ?? "", placement,
            summary?.meanRate.map { formatted($0, decimals: 2) } ?? "", summary?.configuredRate.map { NumberText.trimmed($0) } ?? "",
            first.isFinite ? ClockText.local(first + localOffset(first)) : "", last.isFinite ? ClockText.local(last + localOffset(last)) : "",
            "\(counted.days.count)", "\(counted.days.filter(\.isValid).count)", formatted(Double(wearMinutes) / 60, decimals: 2),
            "\(counted.count.steps)", "\(counted.count.samples)", "\(summary?.skippedSamples ?? 0)", "\(summary?.damagedBlocks ?? 0)",
            formatted(seconds, decimals: 2), formatted(cpuSeconds, decimals: 2),
            fingerprint.map { "\($0.bytes)" } ?? "", fingerprint?.modified ?? "", task.name, task.host, FootfallRelease.text,
        ]
    }

    /// The header line of recordings.csv.
    static var header: String { CSVText.row(columns) }

    /// The row.
    var row: String { CSVText.row(fields) }
}

extension FootfallRelease {
    /// `footfall 1.2.0`: which release wrote a row.
    static var text: String { "footfall \(version)" }
}
