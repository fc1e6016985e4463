/// What the walking decision reads of a stretch of candidate steps: the motion over it
/// (`WindowEvidence`), the motion in the seconds before it (`ContextEvidence`), and the
/// candidates' timing (`CandidateTiming`), each on a scale a model can weigh (ratios and
/// levels as logarithms, correlations and shares as they are).
///
/// The split between the motion across gravity and along it (`log_stroke_to_vertical`, and
/// the seconds before's `context_log_stroke_to_vertical`) weighs the motion across by the
/// share of it that repeats every step (`strokeShare`): a hand's stroke or clap repeats each
/// step, where a swinging arm or a swaying body moves one way at one step and back at the
/// next. So a watch on an arm that swings wide, whose motion is mostly across gravity, is not
/// taken for a hand at work.
///
/// The order of `values` is the order of `names`; the walking model's generated parameters
/// name their features, and the trainer (tools/walking-model) reads them in this order from
/// `footfall bench --windows-csv`.
public struct WalkingFeatures: Sendable, Equatable {
    /// The feature names, in the order of `values`.
    public static let names = [
        // The stretch.
        "log_stroke_to_vertical", "vertical_step", "across_step", "vertical_stride", "across_stride",
        "vertical_half_step", "across_half_step", "log_vertical_level", "log_across_level",
        "log_orientation_spread", "log_gravity_drift", "axis_alignment", "log_above_band", "log_sustained_above_band",
        "step_similarity", "gap_variation", "height_variation", "log_step_period",
        // The seconds before it.
        "context_log_stroke_to_vertical", "context_log_level", "context_log_orientation_spread", "context_log_turning",
        "context_log_above_band", "context_active_share", "context_vertical_periodicity",
        // Where the device is worn (`Placement.featureValue`).
        "placement_wrist",
    ]
    /// How many features there are (at most 32).
    public static let count = names.count
    /// The lane that holds the placement.
    static let placementLane = names.firstIndex(of: "placement_wrist")!

    /// Where the device was worn, as the features hold it.
    public var placement: Placement {
        switch values[Self.placementLane] {
        case 1: return .wrist
        case 0: return .body
        default: return .unknown
        }
    }

    /// The features, in the order of `names`; unused lanes are 0.
    public var values: SIMD32<Double>

    /// Features given lane by lane (tests, models read from a file).
    public init(values: SIMD32<Double>) {
        self.values = values
    }

    /// The features of a stretch of candidates.
    /// - Parameters:
    ///   - evidence: the motion over the stretch.
    ///   - context: the motion in the seconds up to its end.
    ///   - similarity: how alike consecutive steps' shapes are (`MotionEvidence.stepSimilarity`).
    ///   - timing: how evenly the candidates came.
    ///   - stepPeriod: the step period the stretch is judged at, seconds.
    ///   - placement: where the device is worn.
    public init(evidence: WindowEvidence, context: ContextEvidence, similarity: Double, timing: CandidateTiming,
                stepPeriod: Double, placement: Placement) {
        var v = SIMD32<Double>.zero
        // Floors where a smaller value says nothing: motion under 0.06 m/s² rms is a still
        // device's noise, a posture steady to within a degree or three is steady (sensor noise
        // and the gravity filter's ripple are of that size), and energy above the step band
        // under half the step band's is the impacts of any walk, or a sensor whose own
        // low-pass took it away (a 12.5 Hz watch): only more speaks.
        // The logarithms two at a time (`naturalLogarithm` of a SIMD2: each lane to the bit).
        let stroke = Self.strokeShare(acrossStep: evidence.acrossStep)
        let levels = naturalLogarithm(SIMD2(evidence.acrossToVertical * stroke, evidence.verticalLevel + 0.06))
        let posture = naturalLogarithm(SIMD2(evidence.acrossLevel + 0.06, evidence.orientationSpread + 0.02))
        let drift = naturalLogarithm(SIMD2(evidence.gravityDrift + 0.05, max(evidence.aboveBandRatio, 0.5)))
        let sustained = naturalLogarithm(SIMD2(evidence.sustainedAboveBandRatio + 0.01, max(stepPeriod, 0.05)))
        let contextLevels = naturalLogarithm(SIMD2(
            stroke * context.acrossToVertical,
            (context.verticalLevel * context.verticalLevel + context.acrossLevel * context.acrossLevel).squareRoot() + 0.06))
        let contextPosture = naturalLogarithm(SIMD2(context.orientationSpread + 0.02, context.turning + 0.01))
        v[0] = levels[0]
        v[1] = evidence.verticalStep
        v[2] = evidence.acrossStep
        v[3] = evidence.verticalStride
        v[4] = evidence.acrossStride
        v[5] = evidence.verticalHalfStep
        v[6] = evidence.acrossHalfStep
        v[7] = levels[1]
        v[8] = posture[0]
        v[9] = posture[1]
        v[10] = drift[0]
        v[11] = evidence.axisAlignment
        v[12] = drift[1]
        v[13] = sustained[0]
        v[14] = similarity
        v[15] = timing.gapVariation
        v[16] = timing.heightVariation
        v[17] = sustained[1]
        v[18] = contextLevels[0]
        v[19] = contextLevels[1]
        v[20] = contextPosture[0]
        v[21] = contextPosture[1]
        v[22] = naturalLogarithm(context.aboveBandRatio + 0.01)
        v[23] = context.activeShare
        v[24] = context.verticalPeriodicity
        v[25] = placement.featureValue
        values = v
    }

    /// The share of the motion across gravity that repeats every step, from its correlation
    /// one step apart (`WindowEvidence.acrossStep`, -1 to 1): about 1 when each step's across
    /// motion is the last one's (a hand's strokes), 0.05 when it is the last one's reversed (an
    /// arm's swing, a body's sway, which repeat a stride on). The 0.05 added keeps a swing's
    /// split finite: a twentieth is already far below any stroke's.
    @inline(__always)
    static func strokeShare(acrossStep: Double) -> Double {
        0.5 * (1 + acrossStep) + 0.05
    }
}
