/// One stretch of candidate steps the walking gate judged: what it looked at, what the motion
/// showed, and the evidence that gave. Its decision comes later, over its bout
/// (`DetectorObserver.observe(decision:)`, by `node`). `footfall plot` lists them, so that
/// every counted and every refused walk can be explained.
public struct GateJudgement: Sendable, Equatable {
    /// Which question the gate asked.
    public typealias Question = WalkingQuestion

    /// The node of the bout's decision it is (`BoutDecoder.Node.number`), or -1 when the
    /// stretch's candidates were refused without a decision (a finished short walk not still).
    public var node: Int
    /// When: the newest candidate's time.
    public var time: Double
    /// The first candidate judged.
    public var from: Double
    /// How many candidates the stretch holds (a finished short walk's faint last step included).
    public var steps: Int
    /// The question.
    public var question: Question
    /// What the motion looked like.
    public var motion: WindowEvidence
    /// What the walking model read of it.
    public var features: WalkingFeatures
    /// What that says for walking.
    public var evidence: WalkingEvidence

    /// Creates a judgement.
    public init(node: Int, time: Double, from: Double, steps: Int, question: Question, motion: WindowEvidence,
                features: WalkingFeatures, evidence: WalkingEvidence) {
        self.node = node
        self.time = time
        self.from = from
        self.steps = steps
        self.question = question
        self.motion = motion
        self.features = features
        self.evidence = evidence
    }
}
