/// One judgement the walking gate made of a stretch of candidate steps: what it looked at,
/// what it saw, and what it decided. `footfall plot` lists them, so that every counted and
/// every dropped walk can be explained.
public struct GateJudgement: Sendable, Equatable {
    /// Which question the gate asked.
    public enum Question: String, Sendable, Equatable {
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
    }

    /// When: the newest candidate's time.
    public var time: Double
    /// The first candidate judged.
    public var from: Double
    /// The question.
    public var question: Question
    /// What the motion looked like.
    public var evidence: WindowEvidence
    /// What the walking model read of it.
    public var features: WalkingFeatures
    /// The walking model's probability that the stretch is walking.
    public var probability: Double
    /// Whether the stretch was judged walking.
    public var walking: Bool

    /// Creates a judgement.
    public init(time: Double, from: Double, question: Question, evidence: WindowEvidence,
                features: WalkingFeatures, probability: Double, walking: Bool) {
        self.time = time
        self.from = from
        self.question = question
        self.evidence = evidence
        self.features = features
        self.probability = probability
        self.walking = walking
    }
}
