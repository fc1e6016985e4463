/// How the body moved in the seconds up to a stretch of candidate steps, whatever candidates
/// they held: the activity the stretch comes out of (`MotionEvidence.context(endingAt:span:)`).
///
/// A stretch of four steps looks much like four strokes of a hand; what came before tells
/// them apart. A walk starts from standing still or goes on from walking; a hand's strokes
/// come out of the hand at work: turning the wrist, stopping and starting, energy above the
/// step band, motion mostly across gravity.
public struct ContextEvidence: Sendable, Equatable {
    /// The rms of the step-band motion above which a second counts as active, m/s²
    /// (`WalkingFeatures.Constants.activeLevel`).
    public static let activeLevel = WalkingFeatures.Constants.activeLevel

    /// The rms of the vertical step-band motion, m/s².
    public var verticalLevel: Double
    /// The rms of the step-band motion across gravity, m/s².
    public var acrossLevel: Double
    /// How far the posture strayed from its mean (rms chord, about radians).
    public var orientationSpread: Double
    /// How fast gravity's direction turned, on average: the path of its unit vector per
    /// second (about radians a second).
    public var turning: Double
    /// Energy above the step band over the energy in it.
    public var aboveBandRatio: Double
    /// The share of whole seconds whose step-band motion is above `activeLevel`.
    public var activeShare: Double
    /// The vertical motion's best correlation over the lags of any step or stride (0.3-1.2 s).
    public var verticalPeriodicity: Double

    /// Creates the evidence.
    public init(verticalLevel: Double = 0, acrossLevel: Double = 0, orientationSpread: Double = 0, turning: Double = 0,
                aboveBandRatio: Double = 0, activeShare: Double = 0, verticalPeriodicity: Double = 0) {
        self.verticalLevel = verticalLevel
        self.acrossLevel = acrossLevel
        self.orientationSpread = orientationSpread
        self.turning = turning
        self.aboveBandRatio = aboveBandRatio
        self.activeShare = activeShare
        self.verticalPeriodicity = verticalPeriodicity
    }

    /// Energy of the step-band motion across gravity over the vertical's, as a stretch's
    /// (`WindowEvidence.acrossToVertical`).
    public var acrossToVertical: Double {
        WindowEvidence.acrossToVertical(acrossLevel: acrossLevel, verticalLevel: verticalLevel)
    }
}
