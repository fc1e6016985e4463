/// What the walking gate asks the walking decision about a stretch of candidate steps.
///
/// Each question is held to a threshold of its own (`WalkingDecision.Configuration`): a walk
/// starts by any of the first four, and is kept by the last two.
public enum WalkingQuestion: String, Sendable, Equatable, CaseIterable {
    /// Are these few evenly spaced steps a short walk?
    case shortWalk = "short-walk"
    /// Is this finished run, ending on faint steps, a short walk?
    case finishedShortWalk = "finished-short-walk"
    /// Is this walk resuming after a pause?
    case resumed
    /// Is this steady rhythm a walk?
    case rhythm
    /// Is this walk still walking? Asked of a walk once it has been judged clearly walking.
    case stillWalking = "still-walking"
    /// Is this walk, not yet judged clearly walking, still walking? A walk that started at
    /// its threshold's margin is asked this until a judgement finds it clearly walking.
    case stillWalkingUnproven = "still-walking-unproven"

    /// Whether a yes keeps a walk going (`stillWalking`, `stillWalkingUnproven`).
    public var keepsAWalk: Bool { self == .stillWalking || self == .stillWalkingUnproven }
    /// Whether a yes starts a walk (every question but those that keep one).
    public var startsAWalk: Bool { !keepsAWalk }
}
