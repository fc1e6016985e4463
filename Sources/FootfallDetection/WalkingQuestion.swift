/// What the walking gate asks the walking decision about a stretch of candidate steps.
///
/// Each question is held to a threshold of its own (`WalkingDecision.Configuration`): a walk
/// starts by any of the first four, and is kept by the fifth.
public enum WalkingQuestion: String, Sendable, Equatable, CaseIterable {
    /// Are these few evenly spaced steps a short walk?
    case shortWalk = "short-walk"
    /// Is this finished run, ending on faint steps, a short walk?
    case finishedShortWalk = "finished-short-walk"
    /// Is this walk resuming after a pause?
    case resumed
    /// Is this steady rhythm a walk?
    case rhythm
    /// Is this walk still walking?
    case stillWalking = "still-walking"

    /// Whether a yes starts a walk (every question but `stillWalking`).
    public var startsAWalk: Bool { self != .stillWalking }
}
