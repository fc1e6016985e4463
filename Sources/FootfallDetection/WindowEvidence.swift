/// How the body moved over a stretch of candidate steps: what `MotionEvidence` measures and
/// the walking decision reads.
///
/// Walking has a shape that a hand at work lacks. The body rises and falls once a step, so
/// the acceleration along gravity (the vertical motion) repeats every step and is at its
/// opposite half a step on; but it sways, and swings its arms and legs, once a stride of two
/// steps, so the motion across gravity repeats every stride and is out of step one step on.
/// A hand clapping, brushing teeth or folding clothes moves mostly across gravity, and
/// repeats the same stroke every cycle. While walking, the device's average orientation stays
/// put; eating, drinking or getting up turn it.
public struct WindowEvidence: Sendable, Equatable {
    /// The vertical motion's correlation with itself one step earlier, -1 to 1.
    public var verticalStep: Double
    /// The across-gravity vector's correlation with itself one step earlier, -1 to 1.
    public var acrossStep: Double
    /// The vertical motion's correlation with itself one stride (two steps) earlier, -1 to 1.
    public var verticalStride: Double
    /// The across-gravity vector's correlation with itself one stride earlier, -1 to 1: a
    /// walker sways and swings once a stride.
    public var acrossStride: Double
    /// The vertical motion's correlation half a step on: near -1 for a body that rises and
    /// falls once a step.
    public var verticalHalfStep: Double
    /// The across-gravity vector's correlation half a step on.
    public var acrossHalfStep: Double
    /// The rms of the vertical step-band motion, m/s².
    public var verticalLevel: Double
    /// The rms of the step-band motion across gravity, m/s².
    public var acrossLevel: Double
    /// How far the device's orientation strayed from its mean over the candidates: the rms
    /// chord between unit vectors (about the angle in radians for small angles).
    public var orientationSpread: Double
    /// The chord between gravity's direction at the first candidate and at the last (about
    /// the posture's turn in radians): lying down, getting up, raising a hand.
    public var gravityDrift: Double
    /// How closely gravity's mean direction lies along one of the device's axes: 1 on an axis
    /// (an arm hanging at the side holds a watch so, a pocket a phone), 1/√3 between all three.
    public var axisAlignment: Double
    /// Energy of the acceleration vector above the step band (3-6 Hz) over the energy in the
    /// step band: a hand brushing or scrubbing strokes at 3-6 Hz; a walker's motion is mostly
    /// below 3 Hz, with short impacts above it.
    public var aboveBandRatio: Double
    /// The part of it that is there all the time: the energy above the step band in the
    /// quietest stretches of half a step (the third quietest), over the step band's mean. A
    /// walker's impacts come once a step and leave the stretches between them quiet; a hand
    /// stroking at 3-6 Hz fills every one.
    public var sustainedAboveBandRatio: Double

    /// Creates the evidence.
    public init(verticalStep: Double, acrossStep: Double, verticalStride: Double = 0, acrossStride: Double = 0,
                verticalHalfStep: Double = 0, acrossHalfStep: Double = 0, verticalLevel: Double = 0, acrossLevel: Double = 0,
                orientationSpread: Double = 0, gravityDrift: Double = 0, axisAlignment: Double = 1,
                aboveBandRatio: Double = 0, sustainedAboveBandRatio: Double = 0) {
        self.verticalStep = verticalStep
        self.acrossStep = acrossStep
        self.verticalStride = verticalStride
        self.acrossStride = acrossStride
        self.verticalHalfStep = verticalHalfStep
        self.acrossHalfStep = acrossHalfStep
        self.verticalLevel = verticalLevel
        self.acrossLevel = acrossLevel
        self.orientationSpread = orientationSpread
        self.gravityDrift = gravityDrift
        self.axisAlignment = axisAlignment
        self.aboveBandRatio = aboveBandRatio
        self.sustainedAboveBandRatio = sustainedAboveBandRatio
    }

    /// Energy of the step-band motion across gravity over the vertical's.
    public var acrossToVertical: Double {
        Self.acrossToVertical(acrossLevel: acrossLevel, verticalLevel: verticalLevel)
    }

    /// Energy across gravity over energy along it, from their rms levels (m/s²): each with a
    /// still device's noise (`WalkingFeatures.Constants.stillNoise`) added, so a still
    /// device's split is 1.
    /// The stretch's split and its context's (`ContextEvidence.acrossToVertical`) alike.
    @inline(__always)
    public static func acrossToVertical(acrossLevel: Double, verticalLevel: Double) -> Double {
        let noise = WalkingFeatures.Constants.stillNoise * WalkingFeatures.Constants.stillNoise
        return (acrossLevel * acrossLevel + noise) / (verticalLevel * verticalLevel + noise)
    }

    /// How much more the vertical motion repeats at one step than the across-gravity motion
    /// does: clearly positive for walking (left and right alternate), near zero for a gesture
    /// that repeats the same motion every cycle.
    public var twoBeatIndex: Double { verticalStep - acrossStep }
}
