/// One recording of a study's plan: its id and the file.
public struct PlanEntry: Sendable, Equatable {
    /// The id, fixed by the plan.
    public var id: RecordingID
    /// The file, an absolute path.
    public var path: String

    /// Creates an entry.
    public init(id: RecordingID, path: String) {
        self.id = id
        self.path = path
    }
}
