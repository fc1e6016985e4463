/// Why a study could not be planned, run, merged or scheduled. Each message names the file
/// or the option concerned and what to do.
public enum StudyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A recording's id breaks a rule (`RecordingID.init`).
    case badID(String, String)
    /// The folder is not a study (no study.json).
    case notAStudy(String)
    /// A file of the study could not be read or written.
    case file(String, String)
    /// A file of the study does not have the expected content.
    case damaged(String, String)
    /// The source of a plan is neither a folder nor a manifest.
    case badSource(String, String)
    /// The plan cannot be made or extended as asked.
    case badPlan(String)

    public var description: String {
        switch self {
        case .badID(let id, let why): return "the recording id '\(id)' cannot be used: \(why)"
        case .notAStudy(let path):
            return "\(path) is not a study: it has no study.json ('footfall cohort plan RECORDINGS \(path)' makes one)"
        case .file(let path, let detail): return "\(path): \(detail)"
        case .damaged(let path, let detail): return "\(path): \(detail)"
        case .badSource(let path, let detail): return "\(path): \(detail)"
        case .badPlan(let detail): return detail
        }
    }
}
