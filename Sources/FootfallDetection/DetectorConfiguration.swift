/// Every tunable of the step detector, in one place, with defaults chosen across all the
/// development data (phone in hand, pocket, bag and armband; lower back; wrist), never per
/// file or per dataset. docs/detector.md explains each stage and how the defaults were found.
public struct DetectorConfiguration: Sendable, Equatable {
    // MARK: Resampling

    /// The fixed rate every input is resampled to before filtering, Hz. Walking lives below
    /// 5 Hz, so 25 Hz leaves room for the filters and keeps the work per second small.
    public var processingRateHz: Double = 25
    /// The longest silence between samples that is bridged by interpolation; anything longer
    /// resets the filters and ends the current walk.
    public var maximumGap: Duration = .milliseconds(500)

    // MARK: Band-pass filter

    /// Corner of the high-pass that removes gravity and slow posture changes, Hz.
    public var highPassHz: Double = 0.7
    /// Corner of the low-pass that keeps the step rhythm and drops impacts and vibration, Hz.
    public var lowPassHz: Double = 3.0

    // MARK: Peak detection

    /// Smallest peak of the filtered magnitude that can start a walk, m/s².
    public var minimumPeak: Double = 0.6
    /// A peak must also reach this fraction of the recent peak envelope to start a walk.
    public var relativeThreshold: Double = 0.3
    /// Smallest peak that can be a step once walking, on the rhythm, m/s².
    public var minimumWalkingPeak: Double = 0.2
    /// The fraction of the envelope a peak must reach to be a step once walking, on the rhythm.
    public var walkingRelativeThreshold: Double = 0.1
    /// Half-life of the peak envelope's decay.
    public var envelopeHalfLife: Duration = .seconds(2)
    /// Two peaks closer than this are one step: the larger is kept.
    public var minimumStepInterval: Duration = .milliseconds(250)

    // MARK: Rhythm

    /// The longest stride (two steps) the rhythm stage looks for: 40 strides a minute.
    public var longestStride: Duration = .milliseconds(2200)
    /// A fundamental period longer than this is a stride whatever the signal looks like.
    public var longestStepPeriod: Duration = .milliseconds(1200)
    /// A fundamental period shorter than this is a step whatever the signal looks like.
    public var shortestStride: Duration = .milliseconds(600)
    /// At the shortest stride, the fundamental is a stride when the autocorrelation at half of
    /// it is above this (half a step is anti-phase, near -1; half a stride is one step on). The
    /// bar falls linearly to -1 at the longest step period.
    public var strideEvidence: Double = 0.2
    /// How long the autocorrelation remembers: the time constant of its forgetting.
    public var rhythmMemory: Duration = .milliseconds(2500)
    /// The fundamental is the smallest lag whose correlation reaches this fraction of the best.
    public var fundamentalCloseness: Double = 0.8
    /// How periodic the signal must be (autocorrelation at the fundamental) to confirm walking.
    public var minimumRhythmStrength: Double = 0.4

    // MARK: Walking gate

    // The gait's structure, which every part of the gate shares (`StepSpacing`): the physics
    // of walking, not fitted.

    /// The longest interval between two steps of the same walk: a walk ends when no step
    /// comes for this long.
    public var maximumStepInterval: Duration = .milliseconds(1600)
    /// The shortest step anyone takes (200 steps a minute, a sprint): closer candidates are
    /// one step, and a rhythm faster than this is not walking.
    public var shortestStep: Duration = .milliseconds(300)
    /// The most steps credited for one gap between candidate peaks: a gap of two or three step
    /// periods holds faint steps that made no peak of their own.
    public var mostStepsPerGap: Int = 3
    /// A peak closer than this fraction of a step period to the previous one is a second bump
    /// of the same step, and is dropped.
    public var shortestGap: Double = 0.5
    /// How far, in step periods, a gap between candidates may be from a whole number of
    /// steps for the candidate to count as on the rhythm.
    public var rhythmTolerance: Double = 0.3
    /// A silence this long ends a bout: the runs of candidates before it and after it are
    /// decided apart, and a run within it of the last can resume that run's walk at its pace
    /// (a pause, a turn, a door).
    public var boutGap: Duration = .seconds(8)

    /// Which stretches of candidates the gate asks about, and when (`StretchSelection`).
    public var selection = StretchSelection.Configuration()
    /// How steps are credited: faint steps while walking, the first steps of a walk, the
    /// period's octave errors (`StepCrediting`).
    public var crediting = StepCrediting.Configuration()

    // MARK: Motion evidence

    /// Corner of the low-pass that follows gravity's direction in the device's axes (and so
    /// the device's posture), Hz: slower than any step, fast enough to follow a phone turning
    /// in a pocket.
    public var gravityCutoffHz: Double = 0.4
    /// How much motion history is kept for judging stretches of candidate steps.
    public var evidenceMemory: Duration = .seconds(12)
    /// How many seconds of motion up to a stretch's end the walking decision reads as the
    /// stretch's context (at most `evidenceMemory`). Chosen leaving people out, the model
    /// learned again for each span (docs/detector.md): at 4 s and at 12 s real hands at work
    /// count half as many false steps again, and at 4 s four more up-and-go walks go uncounted.
    public var decisionContext: Duration = .seconds(8)

    // MARK: Walking or not

    /// Where the device is worn: the walking decision weighs the evidence for it.
    public var placement: Placement = .unknown
    /// The walking model: learned from labelled stretches of real recordings
    /// (tools/walking-model), it gives the probability that a stretch is walking.
    public var walkingModel: WalkingModel = .trained
    /// How long after a stretch is judged its decision is made, and its steps counted or
    /// refused (`BoutDecoder`): the stretches judged meanwhile weigh in. Nil (the default,
    /// for recordings) decides each bout once it has ended, from all of it; live counting
    /// (footfalld, `footfall count --device`) sets a lag (`liveDecisionLag`).
    public var decisionLag: Duration?

    /// The lag live counting uses unless told otherwise. Chosen against the decision over the
    /// whole recording on real recordings (docs/detector.md): how many steps the live decision
    /// decides otherwise, against how late a watcher hears of them.
    public static let liveDecisionLag: Duration = .seconds(10)
    /// Whether steps are also reported before their decision, as soon as the forward
    /// (filtered) look at their bout says walking (`StepEvent.Kind.provisional`), and taken
    /// back (`withdrawn`) when the decision refuses them. The decision, and so every final
    /// count, is the same either way: the provisional steps are its first look. Off for
    /// recordings; footfalld and `footfall count --device` turn it on.
    public var showsProvisionalSteps = false

    // MARK: Output

    /// Subtracted from each peak's time to report the step's foot contact: the filters' delay
    /// at walking frequencies plus the lag from heel strike to the magnitude peak.
    public var stepTimeOffset: Duration = .milliseconds(0)

    /// The defaults.
    public init() {}

    /// The defaults, named for call sites that read better with it.
    public static let `default` = DetectorConfiguration()
}
