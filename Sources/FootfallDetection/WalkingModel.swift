/// The walking decision: a logistic regression that says how likely a stretch of candidate
/// steps is walking, from its `WalkingFeatures`.
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
/// - **a logistic regression** of walking against the real recordings of not walking there
///   are: the score is `bias + Σ weight · (x - mean) / scale` (log-odds), and each term is
///   that feature's contribution, so every judgement can say which evidence moved it most.
public struct WalkingModel: Sendable, Equatable {
    /// Per feature, the mean the features are centred on (the training stretches').
    public var means: SIMD32<Double>
    /// Per feature, the scale they are divided by (the training stretches' standard deviation).
    public var scales: SIMD32<Double>
    /// Per feature, the weight of the standardised feature; unused lanes 0.
    public var weights: SIMD32<Double>
    /// The log-odds of walking when every feature is at its mean.
    public var bias: Double
    /// Per feature, the lowest value real walking showed (-infinity where none is set).
    public var lowerBounds: SIMD32<Double>
    /// Per feature, the highest value real walking showed (+infinity where none is set).
    public var upperBounds: SIMD32<Double>

    /// Creates a model.
    public init(means: SIMD32<Double>, scales: SIMD32<Double>, weights: SIMD32<Double>, bias: Double,
                lowerBounds: SIMD32<Double> = SIMD32(repeating: -.infinity),
                upperBounds: SIMD32<Double> = SIMD32(repeating: .infinity)) {
        self.means = means
        self.scales = scales
        self.weights = weights
        self.bias = bias
        self.lowerBounds = lowerBounds
        self.upperBounds = upperBounds
    }

    /// Each feature's contribution to the log-odds: weight times the standardised feature.
    public func contributions(_ features: WalkingFeatures) -> SIMD32<Double> {
        var safe = scales
        for i in 0..<32 where !(safe[i] > 0) { safe[i] = 1 }
        return weights * (features.values - means) / safe
    }

    /// The log-odds that the stretch is walking.
    public func logOdds(_ features: WalkingFeatures) -> Double {
        bias + contributions(features).sum()
    }

    /// The first feature outside the walking envelope, or nil when every one is inside.
    public func outsideEnvelope(_ features: WalkingFeatures) -> Int? {
        for i in 0..<WalkingFeatures.count where !(features.values[i] >= lowerBounds[i] && features.values[i] <= upperBounds[i]) {
            return i
        }
        return nil
    }

    /// The probability that the stretch is walking, 0 to 1: 0 outside the walking envelope,
    /// else the regression's.
    public func probability(_ features: WalkingFeatures) -> Double {
        if outsideEnvelope(features) != nil { return 0 }
        let z = logOdds(features)
        guard z.isFinite else { return z > 0 ? 1 : 0 }
        return 1 / (1 + exponential(-z))
    }
}
