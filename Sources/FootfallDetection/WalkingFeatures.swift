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
    /// The lanes of the vertical motion's correlations half the stretch's period, a period and
    /// two periods on.
    static let verticalHalfStepLane = names.firstIndex(of: "vertical_half_step")!
    static let verticalStepLane = names.firstIndex(of: "vertical_step")!
    static let verticalStrideLane = names.firstIndex(of: "vertical_stride")!

    /// The constants that shape what the features read, defined once, here, beside their names:
    /// the floors under which a measure says nothing, and the windows the motion is measured
    /// over. They are part of the walking model's fingerprint (`fingerprint`, which
    /// tools/walking-model/train.py writes into the generated model): a model learned from
    /// features measured with other constants is not this one, and changing one fails
    /// `train.py --check` and the test that compares the two.
    public enum Constants {
        /// The rms a still device's noise shows, m/s²: the floor under every motion level
        /// (the stretch's vertical and across levels, the context's level), and, squared, under
        /// the split between motion across gravity and along it.
        public static let stillNoise = 0.06
        /// A posture steady to within a degree or three is steady (sensor noise and the gravity
        /// filter's ripple are of that size): the floor under the orientation spread, radians.
        public static let steadyPosture = 0.02
        /// The same under the posture's drift from the first candidate to the last, radians.
        public static let steadyDrift = 0.05
        /// The same under how fast gravity's direction turned in the context, radians a second.
        public static let steadyTurning = 0.01
        /// Energy above the step band under half the step band's is any walk's impacts, or a
        /// sensor whose own low-pass took it away (a 12.5 Hz watch): only more speaks.
        public static let impactsAboveBand = 0.5
        /// The floor under the sustained energy above the step band, and the context's.
        public static let quietAboveBand = 0.01
        /// The shortest step period the features take the logarithm of, seconds.
        public static let shortestPeriod = 0.05
        /// What a swing's share of motion repeated every step is floored at (`strokeShare`):
        /// a twentieth is already far below any stroke's.
        public static let swingShare = 0.05
        /// The rms of the step-band motion above which a second of the context is active, m/s².
        public static let activeLevel: Float = 0.3
        /// The step band's energy per frame a still device shows (the active level squared):
        /// the floor under the ratio of energy above the step band to the energy in it.
        public static let stepBandNoise: Float = activeLevel * activeLevel
        /// The frames a window needs at least, and the ones it reaches past its newest candidate.
        public static let windowMinimumFrames = 8
        public static let windowTailFrames = 2
        /// A window reaches back this many step periods, and this many frames more, from its
        /// newest candidate at least (a stride and some, for the stride's correlation)...
        public static let windowReachSteps = 2.2
        public static let windowReachFrames = 4
        /// ...and this many step periods before its first candidate.
        public static let windowLeadSteps = 0.5
        /// A correlation at a lag needs this many frames past the lag.
        public static let correlationMargin = 5
        /// The steps' shapes are compared over this many step periods around each peak...
        public static let similarityHalfWindow = 0.4
        /// ...for the last this many candidates at most.
        public static let similaritySteps = 9
        /// The context needs this many seconds of frames at least.
        public static let contextMinimumSeconds = 2.0
        /// The band above the step band reaches up to this many times its lower corner (the
        /// step band's upper corner), and at most this share of the processing rate.
        public static let aboveBandWidth = 2.0
        public static let aboveBandNyquistShare = 0.45

        /// Every constant by name, as the walking model's fingerprint holds them.
        public static let fingerprint = [
            "stillNoise=\(stillNoise)", "steadyPosture=\(steadyPosture)", "steadyDrift=\(steadyDrift)",
            "steadyTurning=\(steadyTurning)", "impactsAboveBand=\(impactsAboveBand)", "quietAboveBand=\(quietAboveBand)",
            "shortestPeriod=\(shortestPeriod)", "swingShare=\(swingShare)", "activeLevel=\(activeLevel)",
            "stepBandNoise=\(stepBandNoise)", "windowMinimumFrames=\(windowMinimumFrames)", "windowTailFrames=\(windowTailFrames)",
            "windowReachSteps=\(windowReachSteps)", "windowReachFrames=\(windowReachFrames)", "windowLeadSteps=\(windowLeadSteps)",
            "correlationMargin=\(correlationMargin)", "similarityHalfWindow=\(similarityHalfWindow)",
            "similaritySteps=\(similaritySteps)", "contextMinimumSeconds=\(contextMinimumSeconds)",
            "aboveBandWidth=\(aboveBandWidth)", "aboveBandNyquistShare=\(aboveBandNyquistShare)",
        ].joined(separator: " ")
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
        // Floors where a smaller value says nothing (`Constants`).
        // The logarithms two at a time (`naturalLogarithm` of a SIMD2: each lane to the bit).
        typealias C = Constants
        let stroke = Self.strokeShare(acrossStep: evidence.acrossStep)
        let levels = naturalLogarithm(SIMD2(evidence.acrossToVertical * stroke, evidence.verticalLevel + C.stillNoise))
        let posture = naturalLogarithm(SIMD2(evidence.acrossLevel + C.stillNoise, evidence.orientationSpread + C.steadyPosture))
        let drift = naturalLogarithm(SIMD2(evidence.gravityDrift + C.steadyDrift, max(evidence.aboveBandRatio, C.impactsAboveBand)))
        let sustained = naturalLogarithm(SIMD2(evidence.sustainedAboveBandRatio + C.quietAboveBand, max(stepPeriod, C.shortestPeriod)))
        let contextLevels = naturalLogarithm(SIMD2(
            stroke * context.acrossToVertical,
            (context.verticalLevel * context.verticalLevel + context.acrossLevel * context.acrossLevel).squareRoot() + C.stillNoise))
        let contextPosture = naturalLogarithm(SIMD2(context.orientationSpread + C.steadyPosture, context.turning + C.steadyTurning))
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
        v[22] = naturalLogarithm(context.aboveBandRatio + C.quietAboveBand)
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
        0.5 * (1 + acrossStep) + Constants.swingShare
    }
}
