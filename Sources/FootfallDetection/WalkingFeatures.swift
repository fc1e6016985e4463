/// What the walking model reads of a stretch of candidate steps: the motion evidence
/// (`WindowEvidence`) and the candidates' timing, each put on a scale where a straight line
/// can weigh it (ratios and levels as logarithms, correlations as they are).
///
/// The order of `values` is the order of `names`; the walking model's generated parameters
/// name their features, and the trainer (tools/walking-model) reads them in this order from
/// `footfall bench --windows-csv`.
public struct WalkingFeatures: Sendable, Equatable {
    /// The feature names, in the order of `values`.
    public static let names = [
        "log_across_to_along", "along_step", "across_step", "along_stride", "across_stride",
        "log_orientation_spread", "log_gravity_drift", "log_above_band", "log_level",
        "step_similarity", "log_sustained_above_band",
    ]
    /// How many features there are (at most 16).
    public static let count = names.count

    /// The features, in the order of `names`; unused lanes are 0.
    public var values: SIMD16<Double>

    /// Features given lane by lane (tests, models read from a file).
    public init(values: SIMD16<Double>) {
        self.values = values
    }

    /// The features of a stretch of candidates.
    /// - Parameters:
    ///   - evidence: the motion over the stretch.
    ///   - similarity: how alike consecutive steps' shapes are (`MotionEvidence.stepSimilarity`).
    ///
    /// The candidates' spacing is not among the features: the gate's structure bounds it
    /// (`shortestStep`, `maximumStepInterval`, `mostUnevenGaps`), and real recordings of not
    /// walking hold too few stretches with a walk's spacing to learn more from.
    public init(evidence: WindowEvidence, similarity: Double) {
        var v = SIMD16<Double>.zero
        v[0] = naturalLogarithm(max(evidence.acrossToAlong, 0.001))
        v[1] = evidence.alongCorrelation
        v[2] = evidence.acrossCorrelation
        v[3] = evidence.strideCorrelation
        v[4] = evidence.acrossStrideCorrelation
        // Floors where a smaller value says nothing: a posture steady to within a degree or
        // three is steady (sensor noise and the gravity filter's ripple are of that size), and
        // energy above the step band under half the step band's is the impacts of any walk, or
        // a sensor whose own low-pass took it away (a 12.5 Hz watch): only more speaks.
        v[5] = naturalLogarithm(evidence.orientationSpread + 0.02)
        v[6] = naturalLogarithm(evidence.gravityDrift + 0.05)
        v[7] = naturalLogarithm(max(evidence.aboveBandRatio, 0.5))
        v[8] = naturalLogarithm(evidence.stepBandLevel + 0.05)
        v[9] = similarity
        v[10] = naturalLogarithm(evidence.sustainedAboveBandRatio + 0.01)
        values = v
    }
}
