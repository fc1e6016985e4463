/// One judgement the walking gate made of a stretch of candidate steps: what it looked at,
/// what it saw, and what it decided and why. `footfall plot` lists them, so that every counted
/// and every dropped walk can be explained.
public struct GateJudgement: Sendable, Equatable {
    /// Which question the gate asked.
    public typealias Question = WalkingQuestion

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
    /// The probability the question needed.
    public var threshold: Double
    /// Why the stretch was, or was not, judged walking.
    public var reason: WalkingVerdict.Reason

    /// Creates a judgement.
    public init(time: Double, from: Double, question: Question, evidence: WindowEvidence,
                features: WalkingFeatures, probability: Double, walking: Bool,
                threshold: Double = .nan, reason: WalkingVerdict.Reason? = nil) {
        self.time = time
        self.from = from
        self.question = question
        self.evidence = evidence
        self.features = features
        self.probability = probability
        self.walking = walking
        self.threshold = threshold
        self.reason = reason ?? (walking ? .walking : .belowThreshold)
    }

    /// The judgement of a stretch by the walking decision.
    public init(time: Double, from: Double, evidence: WindowEvidence, features: WalkingFeatures, verdict: WalkingVerdict) {
        self.init(time: time, from: from, question: verdict.question, evidence: evidence, features: features,
                  probability: verdict.probability, walking: verdict.walking, threshold: verdict.threshold,
                  reason: verdict.reason)
    }
}
