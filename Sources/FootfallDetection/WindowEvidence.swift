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
    /// How strongly the magnitude repeats at one step or one stride (the larger), -1 to 1.
    public var periodicity: Double
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

    /// Creates the evidence.
    public init(periodicity: Double, alongCorrelation: Double, acrossCorrelation: Double,
                acrossToAlong: Double, orientationSpread: Double) {
        self.periodicity = periodicity
        self.alongCorrelation = alongCorrelation
        self.acrossCorrelation = acrossCorrelation
        self.acrossToAlong = acrossToAlong
        self.orientationSpread = orientationSpread
    }

    /// How much more the magnitude repeats at one step than the across-gravity motion does:
    /// clearly positive for walking (left and right alternate), near zero for a gesture that
    /// repeats the same motion every cycle.
    public var twoBeatIndex: Double { alongCorrelation - acrossCorrelation }
}
