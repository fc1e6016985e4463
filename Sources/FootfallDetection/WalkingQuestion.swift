/// What a stretch of candidate steps is judged as: how the walking gate's tracker came to ask
/// about it. Every stretch's evidence is weighed the same way (`WalkingDecision`); the question
/// says which stretch it is, for plots and the scoreboard.
public enum WalkingQuestion: String, Sendable, Equatable, CaseIterable {
    /// A few evenly spaced steps: the start of a walk?
    case shortWalk = "short-walk"
    /// A finished run, ending on a faint step, judged whole.
    case finishedShortWalk = "finished-short-walk"
    /// A few steps at the pace of a run that ended moments ago.
    case resumed
    /// A steady rhythm.
    case rhythm
    /// The latest steps of a run followed as a walk.
    case stillWalking = "still-walking"

    /// Whether it is the first stretch of a run (every question but `stillWalking`).
    public var startsARun: Bool { self != .stillWalking }
}
