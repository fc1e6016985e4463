/// What a stretch of candidate steps says for walking: the one place the walking model is read.
///
/// In: what the walking model reads of the stretch (`WalkingFeatures`) and the step period it
/// is judged at. Out: `WalkingEvidence`, the forest's log-odds calibrated by the placement's
/// `PlacementPolicy` (read from the configuration's placement, not from the features) and
/// lowered when the stretch lies outside the walking envelope. Whether the stretch is walking
/// is decided over its bout (`BoutDecoder`), not here: there is no threshold in this type.
///
/// One physical condition is kept as a condition: a short walk judged only once it is over must
/// have gone from standing to standing (`Stillness`, `notStanding`).
public struct WalkingDecision: Sendable {
    /// How still the body was around a finished walk: the rms of the vertical step-band
    /// motion over its steps, and in the stretches before its first step and after its last
    /// (`StretchSelection.Configuration`'s windows), m/s².
    public struct Stillness: Sendable, Equatable {
        /// Over the steps.
        public var steps: Double
        /// Before the first step.
        public var before: Double
        /// After the last step.
        public var after: Double

        /// Creates the measure.
        public init(steps: Double, before: Double, after: Double) {
            self.steps = steps
            self.before = before
            self.after = after
        }
    }

    /// The walking model.
    public let model: WalkingModel
    /// Where the device is worn (the configuration's).
    public let placement: Placement
    /// How evidence is weighed where the device is worn.
    public let policy: PlacementPolicy
    /// The shortest step anyone takes, seconds: a faster stretch is not walking.
    public let shortestStep: Double
    /// A finished walk must have started and ended this much quieter than it walked
    /// (`StretchSelection.Configuration.finishedWalkStillness`).
    public let finishedWalkStillness: Double

    /// The evidence of a stretch whose steps come faster than anyone walks or runs, nats: a
    /// hand scrubbing, not feet. Physics, not a learned feature; the tracker ends a walk whose
    /// period gets there, so only a stretch measured at such a period meets it.
    static let fasterThanWalkingEvidence = -30.0

    /// Creates the decision from the detector's configuration.
    public init(configuration: DetectorConfiguration) {
        model = configuration.walkingModel
        placement = configuration.placement
        policy = configuration.walkingModel.policy(at: configuration.placement)
        shortestStep = configuration.shortestStep.inSeconds
        finishedWalkStillness = configuration.selection.finishedWalkStillness
    }

    /// The evidence of a stretch.
    /// - Parameters:
    ///   - features: what the walking model reads of the stretch.
    ///   - stepPeriod: the step period the stretch is judged at, seconds.
    public func evidence(_ features: WalkingFeatures, stepPeriod: Double) -> WalkingEvidence {
        let logOdds = model.logOdds(features)
        let outside = model.outsideEnvelope(features, at: placement)
        let probability = logOdds.isFinite ? logistic(logOdds) : (logOdds > 0 ? 1 : 0)
        // (A period that is not a number is not a walk's either.)
        let evidence = stepPeriod >= shortestStep ? policy.evidence(logOdds: logOdds, outsideEnvelope: outside != nil)
                                                  : Self.fasterThanWalkingEvidence
        return WalkingEvidence(probability: probability, logOdds: logOdds, outsideEnvelope: outside, evidence: evidence)
    }

    /// Why a finished walk did not go from standing to standing, or nil when it did: the
    /// motion before its first step and after its last is small beside the steps'.
    public func notStanding(_ stillness: Stillness) -> CandidateOutcome.Reason? {
        guard stillness.steps > 0 else { return .notStill }
        let most = finishedWalkStillness * stillness.steps
        guard stillness.before <= most, stillness.after <= most else { return .notStill }
        return nil
    }
}
