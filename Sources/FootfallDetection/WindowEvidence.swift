/// How the body moved over a stretch of candidate steps: what `MotionEvidence` measures and
/// the walking gate judges.
///
/// Walking has a shape that rhythmic gestures lack. The body rises and falls once per step,
/// so the acceleration along gravity (the magnitude) repeats every step; but it sways, and
/// swings its arms and legs, once per stride of two steps, so the acceleration across gravity
/// repeats every stride and is out of step one step later. A hand brushing teeth or combing
/// hair repeats the same motion every cycle, along gravity and across it alike. Walking also
/// moves the body forward as it bounces: neither purely up and down (a hand tapping) nor
/// mostly sideways or turning (a wrist brushing, waving, pouring). And while walking, the
/// device's average orientation stays put; eating, drinking or getting up turn it.
public struct WindowEvidence: Sendable, Equatable {
    /// The magnitude's correlation with itself one step earlier, -1 to 1.
    public var alongCorrelation: Double
    /// The across-gravity vector's correlation with itself one step earlier, -1 to 1.
    public var acrossCorrelation: Double
    /// Energy of the step-band acceleration across gravity over that along it (with a small
    /// floor added to the latter so that stillness does not divide by nothing).
    public var acrossToAlong: Double
    /// How far the device's orientation strayed from its mean over the candidates: the rms
    /// chord between unit vectors (about the angle in radians for small angles).
    public var orientationSpread: Double

    /// The magnitude's correlation with itself one stride (two steps) earlier, -1 to 1.
    public var strideCorrelation: Double
    /// The across-gravity vector's correlation with itself one stride earlier, -1 to 1: a
    /// walker sways and swings once a stride.
    public var acrossStrideCorrelation: Double
    /// Energy of the acceleration vector above the step band (3-6 Hz) over the energy in the
    /// step band: a hand brushing or scrubbing strokes at 3-6 Hz; a walker's motion is mostly
    /// below 3 Hz, with short impacts above it.
    public var aboveBandRatio: Double
    /// The part of it that is there all the time: the energy above the step band in the
    /// quietest stretches of half a step (the third quietest), over the step band's mean. A
    /// walker's impacts come once a step and leave the stretches between them quiet; a hand
    /// stroking at 3-6 Hz fills every one.
    public var sustainedAboveBandRatio: Double
    /// The rms of the step-band acceleration vector, m/s²: how hard the body moved.
    public var stepBandLevel: Double
    /// The chord between gravity's direction at the first candidate and at the last (about
    /// the posture's turn in radians): lying down, getting up, raising a hand.
    public var gravityDrift: Double

    /// Creates the evidence.
    public init(alongCorrelation: Double, acrossCorrelation: Double,
                acrossToAlong: Double, orientationSpread: Double, strideCorrelation: Double = 0,
                acrossStrideCorrelation: Double = 0, aboveBandRatio: Double = 0, sustainedAboveBandRatio: Double = 0,
                stepBandLevel: Double = 0,
                gravityDrift: Double = 0) {
        self.alongCorrelation = alongCorrelation
        self.acrossCorrelation = acrossCorrelation
        self.acrossToAlong = acrossToAlong
        self.orientationSpread = orientationSpread
        self.strideCorrelation = strideCorrelation
        self.acrossStrideCorrelation = acrossStrideCorrelation
        self.aboveBandRatio = aboveBandRatio
        self.sustainedAboveBandRatio = sustainedAboveBandRatio
        self.stepBandLevel = stepBandLevel
        self.gravityDrift = gravityDrift
    }

    /// How much more the magnitude repeats at one step than the across-gravity motion does:
    /// clearly positive for walking (left and right alternate), near zero for a gesture that
    /// repeats the same motion every cycle.
    public var twoBeatIndex: Double { alongCorrelation - acrossCorrelation }

    /// How strongly the magnitude repeats at one step or one stride (the larger), -1 to 1.
    public var periodicity: Double { max(alongCorrelation, strideCorrelation) }
}
