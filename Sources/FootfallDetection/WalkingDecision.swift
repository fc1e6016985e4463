/// Whether a stretch of candidate steps is walking: the one place the walking gate's
/// questions are answered.
///
/// In: the question (`WalkingQuestion`), what the walking model reads of the stretch
/// (`WalkingFeatures`), the step period the stretch is judged at, and, for a finished short
/// walk, how still the body was before and after it (`Stillness`). Out: a `WalkingVerdict`
/// saying walking or not, the model's probability, the threshold the question was held to,
/// and why.
///
/// Every threshold it uses is its own (`Configuration`, in `DetectorConfiguration.decision`,
/// besides the gait's `shortestStep`): each way of starting a walk has a start threshold of its
/// own, and a walk going is held to the continue threshold. The model is asked only for its
/// probability and for the feature outside its walking envelope, if one is.
public struct WalkingDecision: Sendable {
    /// The thresholds of the walking decision.
    public struct Configuration: Sendable, Equatable {
        /// The probability of walking a few evenly spaced steps need to start a walk, and a
        /// finished run ending on faint steps too (`shortWalk`, `finishedShortWalk`). The model
        /// weighs walking and not walking the same, so 0.5 is even odds.
        public var startProbability: Double = 0.5
        /// The same on the wrist, where hands at work make evenly spaced peaks all day
        /// (clapping, folding clothes, stirring): a walk starts on firmer evidence there.
        /// Chosen leaving people out (docs/detector.md): at 0.8 real hands at work counted
        /// twice as many false steps an hour, at 0.95 a third of short walks went uncounted.
        public var wristStartProbability: Double = 0.9
        /// The probability a few steps at the pace of a walk that ended moments ago need to
        /// start it again (`resumed`).
        public var resumedStartProbability: Double = 0.4
        /// The probability `confirmationSteps` steps on a steady rhythm need to start a walk
        /// (`rhythm`).
        public var rhythmStartProbability: Double = 0.2
        /// The same on the wrist: a rhythm is what clapping has most of.
        public var wristRhythmStartProbability: Double = 0.9
        /// The probability of walking below which a walk going is judged not walking
        /// (`stillWalking`): `verificationFailures` such judgements in a row end it.
        /// Chosen leaving people out (docs/detector.md): from 0.2 to 0.15 the stairs keep
        /// their walks through landings and turns (0.978 to 0.983 of their spectrum) and no
        /// real recording counts a false step more (the 12.5 Hz copies' clapping one an hour
        /// more); at 0.05 clapping does.
        public var continueProbability: Double = 0.15
        /// The probability of walking below which a walk going on the wrist that has not yet
        /// been judged clearly walking is judged not walking (`stillWalkingUnproven`).
        /// A hand at work that passed the wrist's start threshold once, at its margin, goes on
        /// scoring in between (clapping at 0.5 to 0.8) and was kept counting at the continue
        /// threshold; a real walk soon shows itself beyond doubt (`clearlyWalkingProbability`)
        /// and is then kept on weaker evidence (stairs, a gentle swing). Chosen leaving people
        /// out (docs/detector.md): at 0.8 hands at work count a quarter fewer false steps than
        /// at the continue threshold and no walk, stair climb or run loses a step in the
        /// median; at 0.9 the stairs fall to 0.975 of their spectrum.
        public var wristUnprovenContinueProbability: Double = 0.8
        /// Below this probability a stretch is held to be clearly not walking: no later run
        /// of steps is credited back over it. Chosen leaving people out (docs/detector.md):
        /// at 0.1, asking again over a refused run buys one up-and-go walk at each placement
        /// and doubles folding clothes' false steps (14 to 27 an hour); 0.5 wins nothing.
        public var clearlyNotWalkingProbability: Double = 0.3
        /// At or above this probability a walk going is clearly walking: it is asked about
        /// again after `StretchSelection.Configuration.confidentVerificationInterval` strong
        /// steps rather than `verificationInterval`. Chosen leaving people out
        /// (docs/detector.md): from 0.95 to 0.995 no false step an hour moved.
        public var clearlyWalkingProbability: Double = 0.99
        /// A walk at the wrist started without a clear judgement withholds its steps
        /// (`StepCrediting.Configuration.mostStepsWithheld`) until a judgement of it going
        /// finds it walking at or above this probability: a second yes as sure as the wrist's
        /// start, after the start's. A hand at work that passes once at the margin and then
        /// is refused (clapping at 0.92, then 0.05 and 0.06) counts nothing; most real walks
        /// score 0.9 again within a judgement or two. Chosen leaving people out (docs/detector.md):
        /// at 0.9 real hands at work count 7.2 false steps an hour against 12.6 crediting every
        /// step as it comes, and no walk or stair climb loses a step in the median; at 0.95 the
        /// slowest stair climb halves; at 0.99 (clearly walking) a real walk that scores in
        /// between loses most of its steps.
        public var creditWithheldProbability: Double = 0.9
        /// A walk ended by noes before a second yes credited its withheld steps has them
        /// withdrawn only if its noes averaged below this probability: they refused it (not
        /// walking likelier than walking). Noes averaging more only doubted a walk, and its
        /// withheld steps are credited. Even odds, not fitted: leaving people out, the noes that
        /// ended hands at work before a second yes averaged 0.06 to 0.41, and five of the
        /// thirteen that ended real walks 0.51 to 0.71, both up-and-go walks among them
        /// (docs/detector.md).
        public var refusedBelowProbability: Double = 0.5
        /// A walk judged only after it ended (`finishedShortWalk`) must have started and ended
        /// quieter than it walked: the motion in the second before its first step and after its
        /// last is at most this fraction of the steps' own (rms of the vertical step-band
        /// motion). Real short walks start as their walker gets up (the up-and-go's walks come
        /// straight out of standing up), so the bound is the steps' own motion: leaving people
        /// out, 0.3 lost three walks (an up-and-go in the pocket among them) and kept no false
        /// step out of any recording (docs/detector.md).
        public var finishedWalkStillness: Double = 1.0

        /// The defaults.
        public init() {}
    }

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

    /// The walking model: asked only through `probability(_:)` and `outsideEnvelope(_:)`.
    public let model: WalkingModel
    /// The thresholds.
    public let configuration: Configuration
    /// The shortest step anyone takes, seconds: a faster stretch is not walking.
    public let shortestStep: Double

    /// Creates the decision from the detector's configuration.
    public init(configuration: DetectorConfiguration) {
        self.init(model: configuration.walkingModel, configuration: configuration.decision,
                  shortestStep: configuration.shortestStep.inSeconds)
    }

    /// Creates the decision from its parts.
    public init(model: WalkingModel, configuration: Configuration, shortestStep: Double) {
        self.model = model
        self.configuration = configuration
        self.shortestStep = shortestStep
    }

    /// The probability of walking `question` needs, with the device at `placement`.
    public func threshold(for question: WalkingQuestion, at placement: Placement = .unknown) -> Double {
        let wrist = placement == .wrist
        switch question {
        case .shortWalk, .finishedShortWalk: return wrist ? configuration.wristStartProbability : configuration.startProbability
        case .resumed: return configuration.resumedStartProbability
        case .rhythm: return wrist ? configuration.wristRhythmStartProbability : configuration.rhythmStartProbability
        case .stillWalking: return configuration.continueProbability
        case .stillWalkingUnproven: return wrist ? configuration.wristUnprovenContinueProbability : configuration.continueProbability
        }
    }

    /// Whether the noes that ended a walk, averaging `meanProbability`, doubted it rather than
    /// refused it (`refusedBelowProbability`): its withheld steps are then credited.
    public func doubtsRatherThanRefuses(meanProbability: Double) -> Bool {
        meanProbability >= configuration.refusedBelowProbability
    }

    /// Whether steps `period` seconds apart come faster than anyone walks or runs.
    @inline(__always)
    public func isFasterThanWalking(_ period: Double) -> Bool {
        period < shortestStep
    }

    /// Answers `question` about a stretch.
    /// - Parameters:
    ///   - question: what the gate asks.
    ///   - features: what the walking model reads of the stretch.
    ///   - stepPeriod: the step period the stretch is judged at, seconds.
    ///   - stillness: for a finished walk, how still the body was around it; nil otherwise.
    public func verdict(on question: WalkingQuestion, _ features: WalkingFeatures, stepPeriod: Double,
                        stillness: Stillness? = nil) -> WalkingVerdict {
        let probability = model.probability(features)
        let threshold = threshold(for: question, at: features.placement)
        let reason: WalkingVerdict.Reason
        if !(stepPeriod >= shortestStep) {
            // (A period that is not a number is not a walk's either.)
            reason = .fasterThanWalking
        } else if let stillness, let notStill = notStanding(stillness) {
            reason = notStill
        } else if probability >= threshold {
            reason = .walking
        } else if let feature = model.outsideEnvelope(features) {
            reason = .outsideEnvelope(feature: feature)
        } else {
            reason = .belowThreshold
        }
        return WalkingVerdict(question: question, probability: probability, threshold: threshold, reason: reason,
                              clearlyNotWalking: probability < configuration.clearlyNotWalkingProbability,
                              clearlyWalking: reason == .walking && probability >= configuration.clearlyWalkingProbability,
                              creditsWithheldSteps: reason == .walking && question.keepsAWalk
                                  && probability >= configuration.creditWithheldProbability)
    }

    /// Why a finished walk did not go from standing to standing, or nil when it did: the
    /// motion before its first step and after its last is small beside the steps'.
    func notStanding(_ stillness: Stillness) -> WalkingVerdict.Reason? {
        guard stillness.steps > 0 else { return .noMotion }
        let most = configuration.finishedWalkStillness * stillness.steps
        guard stillness.before <= most else { return .notStillBefore }
        guard stillness.after <= most else { return .notStillAfter }
        return nil
    }
}
