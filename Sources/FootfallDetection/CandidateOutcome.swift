/// What became of one candidate peak: counted (and as how many steps), or refused and why.
///
/// The walking gate gives every candidate the peak stage releases exactly one outcome, once it
/// is final (`WalkingGate.nextOutcome()`), and the detector passes each to its observer, so
/// `footfall plot --candidates-csv` says of every peak why it was or was not a step.
public struct CandidateOutcome: Sendable, Equatable {
    /// Why a candidate was counted or refused.
    public enum Reason: Sendable, Equatable {
        /// Counted: the stretch it belongs to is walking (`posterior`: the decision's
        /// probability that it is, at least one half).
        case walking(posterior: Double)
        /// Refused: the stretch it belongs to is not walking (`posterior` under one half).
        case notWalking(posterior: Double)
        /// Refused: closer to the step before than a step can be, at the walk's period: a
        /// second bump of one step.
        case secondBump
        /// Refused: faint, with no walk being followed and no finished short walk it could end.
        case faintOutsideWalk
        /// Refused: faint and not where a step of the walk was due.
        case faintOffRhythm
        /// Refused: faint after as many faint steps in a row as a walk's end has
        /// (`StepCrediting.Configuration.mostFaintStepsInARow`): fidgeting, not steps.
        case faintInARow
        /// Refused: an early faint peak that could have been the walk's last step, but the walk
        /// went on.
        case faintNotLast
        /// Refused: held before the first stretch the walk was judged from, and off its rhythm.
        case beforeWalk
        /// Refused: the weight shifting onto the stance leg before the first step (a smaller,
        /// earlier bump).
        case weightShift
        /// Refused: its run of candidates ended before it held a stretch that could be judged.
        case tooFewSteps
        /// Refused: its run's candidates never came evenly enough, nor on a steady rhythm, to
        /// be judged as a walk.
        case irregular
        /// Refused: a finished short walk whose body was not still before its first step or
        /// after its last (a car's vibration, a hand at work).
        case notStill
        /// Refused: the walk's steps came faster than anyone walks or runs (a hand scrubbing).
        case fasterThanWalking

        /// Whether the candidate was counted.
        public var counted: Bool {
            if case .walking = self { return true }
            return false
        }

        /// The reason as one word, as `footfall plot --candidates-csv` writes it.
        public var name: String {
            switch self {
            case .walking: "walking"
            case .notWalking: "not-walking"
            case .secondBump: "second-bump"
            case .faintOutsideWalk: "faint-outside-walk"
            case .faintOffRhythm: "faint-off-rhythm"
            case .faintInARow: "faint-in-a-row"
            case .faintNotLast: "faint-not-last"
            case .beforeWalk: "before-walk"
            case .weightShift: "weight-shift"
            case .tooFewSteps: "too-few-steps"
            case .irregular: "irregular"
            case .notStill: "not-still"
            case .fasterThanWalking: "faster-than-walking"
            }
        }

        /// The decision's probability that the candidate's stretch is walking, when a stretch
        /// decided it.
        public var posterior: Double? {
            switch self {
            case .walking(let p), .notWalking(let p): p
            default: nil
            }
        }
    }

    /// The candidate.
    public var candidate: StepCandidate
    /// The steps it was counted as: 1, or up to `DetectorConfiguration.mostStepsPerGap` when
    /// its gap from the step before held faint steps that made no peak; 0 when refused.
    public var steps: Int
    /// The steps it was proposed as while its stretch was being decided (as many as `steps`
    /// when counted; 0 when refused before any decision).
    public var proposed: Int
    /// The judged stretch whose decision decided it (`BoutDecoder.Node.number`), if one did.
    public var node: Int?
    /// Why.
    public var reason: Reason

    /// Creates an outcome.
    public init(candidate: StepCandidate, steps: Int, proposed: Int? = nil, node: Int? = nil, reason: Reason) {
        self.candidate = candidate
        self.steps = steps
        self.proposed = proposed ?? steps
        self.node = node
        self.reason = reason
    }
}
