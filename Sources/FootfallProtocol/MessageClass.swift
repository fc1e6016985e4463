/// The `class` of a server message: what a line from the daemon is, read before the rest of it.
/// Each name is written here only; the messages and `ServerMessage` use the cases.
public enum MessageClass: String, Sendable, Codable, CaseIterable {
    /// `VersionMessage`.
    case version = "VERSION"
    /// `StatusMessage`.
    case status = "STATUS"
    /// `HistoryMessage`.
    case history = "HISTORY"
    /// `WatchMessage`.
    case watch = "WATCH"
    /// `ProgressMessage`.
    case progress = "PROGRESS"
    /// `StepMessage`.
    case step = "STEP"
    /// `MilestoneMessage`.
    case milestone = "MILESTONE"
    /// `GoalMessage`.
    case goal = "GOAL"
    /// `DevicesMessage`.
    case devices = "DEVICES"
    /// `ErrorMessage`.
    case error = "ERROR"
}
