/// The walking model: how likely a stretch of candidate steps is walking, from its
/// `WalkingFeatures`.
///
/// Its parameters are learned from labelled stretches of real recordings by
/// tools/walking-model/train.py, which writes them into `WalkingModel+Trained.swift` with the
/// training data's fingerprint and its cross-validated figures. A model for an experiment or
/// a cross-validation fold can be read from a JSON file (`footfall bench --walking-model`).
///
/// Two parts, both learned:
/// - **the walking envelope**: per feature, the range real walking stayed in (`lowerBounds`,
///   `upperBounds`: far quantiles of the walking stretches of every placement in the training
///   data). A stretch outside it moves in a way no recorded walk did (a hand stroking at 4-6
///   Hz, a posture turning over) and is not walking, whatever else it shows. Real recordings
///   of walking are plentiful; real recordings of every gesture are not, so this part carries
///   to gestures no one recorded.
/// - **the wrist's envelope**: the same for the stretches of walking recorded at the wrist,
///   where the arm damps a walker's impacts: energy above the step band beyond what any
///   recorded wrist showed while walking is a hand striking or stroking (clapping, brushing
///   teeth). Read only when the device is known to be worn there (`Placement.wrist`).
/// - **a forest of decision trees** (`DecisionForest`, gradient boosted) that weighs walking
///   against the real recordings of not walking there are: its summed leaves are the
///   log-odds, and each split on a stretch's path says how much its feature moved them, so
///   every judgement can say which evidence moved it most.
/// - **a policy per placement** (`PlacementPolicy`): how the forest's log-odds are calibrated
///   into evidence there, how much a stretch outside the envelope loses, and how walking and
///   not walking last, for the decision over a bout (`BoutDecoder`).
///
/// The envelope refuses nothing on its own: a stretch outside it moves as no recorded walk
/// did, and its evidence is lowered by its policy's `envelopePenalty`; a watch just outside it
/// whose stretches around say walking is judged with them.
public struct WalkingModel: Sendable, Equatable {
    /// The trees.
    public var forest: DecisionForest
    /// Per feature, the lowest value real walking showed (-infinity where none is set).
    public var lowerBounds: SIMD32<Double>
    /// Per feature, the highest value real walking showed (+infinity where none is set).
    public var upperBounds: SIMD32<Double>
    /// Per feature, the highest value real walking showed at the wrist (+infinity where none
    /// is set): read for a device on the wrist, besides `upperBounds`.
    public var wristUpperBounds: SIMD32<Double>
    /// How evidence is weighed at the wrist, on the body, and where nobody said.
    public var wrist: PlacementPolicy
    public var body: PlacementPolicy
    public var unknown: PlacementPolicy

    /// Creates a model.
    public init(forest: DecisionForest,
                lowerBounds: SIMD32<Double> = SIMD32(repeating: -.infinity),
                upperBounds: SIMD32<Double> = SIMD32(repeating: .infinity),
                wristUpperBounds: SIMD32<Double> = SIMD32(repeating: .infinity),
                wrist: PlacementPolicy = PlacementPolicy(), body: PlacementPolicy = PlacementPolicy(),
                unknown: PlacementPolicy = PlacementPolicy()) {
        self.forest = forest
        self.lowerBounds = lowerBounds
        self.upperBounds = upperBounds
        self.wristUpperBounds = wristUpperBounds
        self.wrist = wrist
        self.body = body
        self.unknown = unknown
    }

    /// The policy where the device is worn.
    public func policy(at placement: Placement) -> PlacementPolicy {
        switch placement {
        case .wrist: wrist
        case .body: body
        case .unknown: unknown
        }
    }

    /// Each feature's part of the log-odds: what the splits on it added along the stretch's
    /// paths through the trees.
    public func contributions(_ features: WalkingFeatures) -> SIMD32<Double> {
        forest.contributions(features.values)
    }

    /// The log-odds that the stretch is walking.
    public func logOdds(_ features: WalkingFeatures) -> Double {
        forest.score(features.values)
    }

    /// The first feature outside the walking envelope (the wrist's too, for a device worn at
    /// `placement` the wrist), or nil when every one is inside.
    public func outsideEnvelope(_ features: WalkingFeatures, at placement: Placement) -> Int? {
        // Every lane at once (a SIMD32 indexed lane by lane is stored whole at every index);
        // a lane that is not a number is outside.
        let values = features.values
        var inside = (values .>= lowerBounds) .& (values .<= upperBounds)
        if placement == .wrist { inside .&= values .<= wristUpperBounds }
        guard any(.!inside .& Self.featureLanes) else { return nil }
        for i in 0..<WalkingFeatures.count where !inside[i] { return i }
        return nil
    }

    /// The lanes that hold a feature.
    static let featureLanes = SIMD32<Int64>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                                            21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31) .< Int64(WalkingFeatures.count)

    /// The forest's probability that the stretch is walking, 0 to 1 (the envelope aside).
    public func probability(_ features: WalkingFeatures) -> Double {
        let z = logOdds(features)
        guard z.isFinite else { return z > 0 ? 1 : 0 }
        return logistic(z)
    }
}
