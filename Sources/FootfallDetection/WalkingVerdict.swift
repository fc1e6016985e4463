/// The walking decision's answer to one question about a stretch of candidate steps: walking
/// or not, the probability the walking model gave, the threshold the question holds it to,
/// and why.
public struct WalkingVerdict: Sendable, Equatable {
    /// Why a stretch was, or was not, judged walking. When several reasons hold, the first
    /// in this order is given: the conditions beside the model, then the model's own answer.
    public enum Reason: Sendable, Equatable {
        /// The model's probability reached the question's threshold, and every condition
        /// beside it held.
        case walking
        /// The steps come faster than anyone walks or runs (a step period under
        /// `shortestStep`): a hand scrubbing, not feet.
        case fasterThanWalking
        /// A finished walk whose steps moved nothing (no vertical motion over them).
        case noMotion
        /// A finished walk that did not start from standing: the motion before its first step
        /// is too large beside the steps' (a car's vibration, a hand at work).
        case notStillBefore
        /// A finished walk that did not end standing: the motion after its last step is too
        /// large beside the steps'.
        case notStillAfter
        /// Outside the walking envelope: on this feature (an index into
        /// `WalkingFeatures.names`) the stretch moved as no recorded walk did.
        case outsideEnvelope(feature: Int)
        /// Inside the envelope, but the model's probability is under the question's threshold.
        case belowThreshold

        /// The reason as one word, as `footfall plot --judgements-csv` writes it.
        public var name: String {
            switch self {
            case .walking: "walking"
            case .fasterThanWalking: "faster-than-walking"
            case .noMotion: "no-motion"
            case .notStillBefore: "not-still-before"
            case .notStillAfter: "not-still-after"
            case .outsideEnvelope: "outside-envelope"
            case .belowThreshold: "below-threshold"
            }
        }
    }

    /// The question answered.
    public var question: WalkingQuestion
    /// The walking model's probability that the stretch is walking, 0 to 1.
    public var probability: Double
    /// The probability the question needs.
    public var threshold: Double
    /// Why the stretch was, or was not, judged walking.
    public var reason: Reason
    /// Whether the probability is so low that the stretch is held to be not walking: no later
    /// stretch is credited back over it (`WalkingDecision.Configuration.clearlyNotWalkingProbability`).
    public var clearlyNotWalking: Bool
    /// Whether the stretch was judged walking with a probability so high that a walk going
    /// need not be asked about again so soon
    /// (`WalkingDecision.Configuration.clearlyWalkingProbability`).
    public var clearlyWalking: Bool
    /// Whether the stretch was judged walking with a probability high enough to credit the
    /// steps a walk not yet clearly walking has withheld, when a walk going is asked about
    /// again (`WalkingDecision.Configuration.creditWithheldProbability`).
    public var creditsWithheldSteps: Bool

    /// Whether the stretch was judged walking.
    public var walking: Bool { reason == .walking }

    /// Creates a verdict.
    public init(question: WalkingQuestion, probability: Double, threshold: Double, reason: Reason,
                clearlyNotWalking: Bool, clearlyWalking: Bool = false, creditsWithheldSteps: Bool = false) {
        self.question = question
        self.probability = probability
        self.threshold = threshold
        self.reason = reason
        self.clearlyNotWalking = clearlyNotWalking
        self.clearlyWalking = clearlyWalking
        self.creditsWithheldSteps = creditsWithheldSteps
    }
}
