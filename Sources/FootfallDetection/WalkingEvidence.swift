/// What one stretch of candidate steps says for walking: the walking model's reading of it,
/// calibrated for the placement (`PlacementPolicy.evidence`), as a log likelihood ratio that
/// the bout's decision weighs with its neighbours' (`BoutDecoder`).
public struct WalkingEvidence: Sendable, Equatable {
    /// The forest's probability that the stretch is walking, 0 to 1, as it learned it (the
    /// classes weighed equally): what it reads of the stretch alone.
    public var probability: Double
    /// The forest's log-odds.
    public var logOdds: Double
    /// The first feature outside the walking envelope (an index into `WalkingFeatures.names`),
    /// if one is: it lowers the evidence by the policy's `envelopePenalty`, and refuses nothing.
    public var outsideEnvelope: Int?
    /// The evidence for walking, nats: positive favours walking.
    public var evidence: Double
    /// Why the stretch's candidates were refused without a decision, if they were (a finished
    /// short walk that did not go from standing to standing).
    public var refusal: CandidateOutcome.Reason?

    /// Creates evidence.
    public init(probability: Double, logOdds: Double, outsideEnvelope: Int?, evidence: Double,
                refusal: CandidateOutcome.Reason? = nil) {
        self.probability = probability
        self.logOdds = logOdds
        self.outsideEnvelope = outsideEnvelope
        self.evidence = evidence
        self.refusal = refusal
    }

    /// No evidence either way: a stretch the motion history could not measure.
    public static let none = WalkingEvidence(probability: 0.5, logOdds: 0, outsideEnvelope: nil, evidence: 0)
}
