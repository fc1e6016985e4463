/// How the walking decision weighs a stretch's evidence and a walk's course at one placement:
/// the one place where the wrist differs from the body.
///
/// Every number is learned from real recordings by tools/walking-model/train.py and generated
/// into `WalkingModel+Trained.swift` beside the forest:
/// - **the evidence**: the forest's log-odds, scaled and shifted so that they are calibrated on
///   people the forest never saw (each stretch scored by a forest that left its person out),
///   and lowered by `envelopePenalty` when the stretch lies outside the walking envelope. At the
///   wrist, where hands at work make rhythms the forest half believes, the calibration is what
///   asks for firmer evidence; nothing is refused on a single feature.
/// - **the course of a walk**: a hidden state, walking or not, that changes between stretches
///   at rates read from the labelled recordings (`walkingBoutSeconds`,
///   `notWalkingSpellSeconds`: how long walking and not walking last before they change), and
///   starts each bout of candidates walking with probability `boutStartWalking`.
public struct PlacementPolicy: Sendable, Equatable {
    /// The forest's log-odds are multiplied by this...
    public var evidenceScale: Double
    /// ...and this is added: the calibrated log likelihood ratio of walking, in nats.
    public var evidenceBias: Double
    /// Subtracted from the evidence of a stretch outside the walking envelope, nats (at least 0).
    public var envelopePenalty: Double
    /// The probability that the first stretch of a bout of candidates is walking.
    public var boutStartWalking: Double
    /// How long walking goes on, on average, before it stops, seconds.
    public var walkingBoutSeconds: Double
    /// How long not walking goes on, on average, before walking starts, seconds.
    public var notWalkingSpellSeconds: Double

    /// Creates a policy.
    public init(evidenceScale: Double = 1, evidenceBias: Double = 0, envelopePenalty: Double = 0,
                boutStartWalking: Double = 0.5, walkingBoutSeconds: Double = 60, notWalkingSpellSeconds: Double = 60) {
        self.evidenceScale = evidenceScale
        self.evidenceBias = evidenceBias
        self.envelopePenalty = envelopePenalty
        self.boutStartWalking = boutStartWalking
        self.walkingBoutSeconds = walkingBoutSeconds
        self.notWalkingSpellSeconds = notWalkingSpellSeconds
    }

    /// The evidence for walking of a stretch the forest scores `logOdds`: calibrated, and lowered
    /// when the stretch is outside the walking envelope. Nats; positive favours walking.
    @inline(__always)
    public func evidence(logOdds: Double, outsideEnvelope: Bool) -> Double {
        evidenceScale * logOdds + evidenceBias - (outsideEnvelope ? envelopePenalty : 0)
    }

    /// The probabilities of staying in each state over `seconds`: walking stays walking with
    /// the first, not walking stays not walking with the second (a two-state Markov chain in
    /// continuous time, at the rates the bout lengths give).
    @inline(__always)
    public func stayProbabilities(over seconds: Double) -> (walking: Double, notWalking: Double) {
        let stop = 1 / max(walkingBoutSeconds, 1e-3), start = 1 / max(notWalkingSpellSeconds, 1e-3)
        let rate = stop + start
        let settled = exponential(-rate * max(seconds, 0))
        return (min(1, (start + stop * settled) / rate), min(1, (stop + start * settled) / rate))
    }
}
