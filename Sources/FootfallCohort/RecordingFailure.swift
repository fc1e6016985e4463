import FootfallText
import FootfallTraces
import FootfallVocabulary

/// A row of failures.csv: a recording that could not be read, where in the file, and why.
public struct RecordingFailure: Sendable, Equatable {
    /// The columns, in order. docs/cohorts.md says what each means.
    public static let columns = ["id", "path", "byte", "line", "reason", "bytes", "modified", "task", "host", "footfall"]

    /// The fields, in the order of `columns`.
    public var fields: [String]

    /// The failure of `entry`, from the file as `fingerprint` found it.
    init(entry: PlanEntry, error: TraceError, fingerprint: FileFingerprint?, task: TaskIdentity) {
        fields = [
            entry.id.rawValue, entry.path, error.offset.map(String.init) ?? "", error.line.map(String.init) ?? "", error.reasonText,
            fingerprint.map { "\($0.bytes)" } ?? "", fingerprint?.modified ?? "", task.name, task.host, FootfallRelease.text,
        ]
    }

    /// The header line of failures.csv.
    static var header: String { CSVText.row(columns) }

    /// The row.
    var row: String { CSVText.row(fields) }
}
