/// Where the walking gate stands.
public enum GateState: UInt8, Sendable, Equatable {
    /// No walk in progress.
    case idle
    /// Candidate steps are being held while their rhythm is checked.
    case deciding
    /// Walking is confirmed: steps are credited as they come.
    case walking
}

/// Decides which candidate steps are walking, and credits them.
///
/// Arm gestures, driving, desk work and housework all make peaks; what they rarely make is a
/// strongly periodic signal with peaks falling on its rhythm at a walking pace. The gate reads
/// the step period and the signal's periodicity from the `PeriodicityTracker`, and takes each
/// gap between candidate peaks as a whole number of steps: one normally, two when a faint step
/// made no peak of its own (the wrist's arm swing, a phone in one pocket). A peak much closer
/// than a step period to the previous one is a second bump of the same step and is dropped.
///
/// Candidates are held, in a ring of bounded size, while the gate decides; once
/// `confirmationSteps` steps in a row fall on the rhythm of a periodic enough signal, every
/// step held since the motion began is credited. So the first steps of a walk count and a
/// short walk to the kitchen is not lost. A walk ends when no candidate comes for
/// `maximumStepInterval`.
public struct WalkingGate: Sendable {
    let maximumInterval: Double
    let confirmationSteps: Int
    let tolerance: Double
    let minimumStrength: Double
    let resumeWindow: Double
    let mostStepsPerGap: Int
    let shortestGap: Double
    let resumeSteps: Int

    /// Where the gate stands.
    public internal(set) var state = GateState.idle
    /// Candidate times held while deciding, oldest first.
    var held: FixedRing<Double>
    var lastAccepted = -Double.infinity
    /// The accepted candidate before `lastAccepted`, for the stride check.
    var acceptedBefore = -Double.infinity
    var stepsOnRhythm = 0
    /// Faint candidates credited in a row; a walk ends on one or two faint steps, not a string.
    var faintInARow = 0
    let mostFaintInARow: Int
    /// When the last confirmed walk ended, to resume quickly after a pause or a turn.
    var lastWalkEnded = -Double.infinity
    /// The step period of the last confirmed walk.
    var lastWalkPeriod = 0.0
    /// The current step period while walking, seconds.
    public internal(set) var period = 0.0


    /// Creates the stage from the detector's configuration.
    public init(configuration: DetectorConfiguration) {
        maximumInterval = configuration.maximumStepInterval.inSeconds
        confirmationSteps = max(1, configuration.confirmationSteps)
        tolerance = configuration.rhythmTolerance
        minimumStrength = configuration.minimumRhythmStrength
        resumeWindow = configuration.resumeWindow.inSeconds
        mostStepsPerGap = max(1, configuration.mostStepsPerGap)
        shortestGap = configuration.shortestGap
        mostFaintInARow = configuration.mostFaintStepsInARow
        resumeSteps = max(1, configuration.resumeConfirmationSteps)
        held = FixedRing(capacity: 64, filler: 0)
    }

    /// Steps per minute at the current period, or 0 when not walking.
    public var cadence: Double { state == .walking && period > 0 ? 60 / period : 0 }

    /// Ends any walk: held steps are dropped.
    public mutating func reset() {
        lastWalkEnded = -.infinity
        state = .idle
        held.removeAll()
        lastAccepted = -.infinity
        stepsOnRhythm = 0
        period = 0
    }

    /// Ends the walk when the rhythm has stopped by `time`.
    public mutating func advance(to time: Double) {
        if state != .idle && time - lastAccepted > maximumInterval {
            if state == .walking {
                lastWalkEnded = lastAccepted
                lastWalkPeriod = period
            }
            state = .idle
            held.removeAll()
            stepsOnRhythm = 0
            period = 0
        }
    }

    /// How many steps a gap between candidates is at `period`, or nil when it is too short to
    /// be a step (a second bump of the same step).
    func steps(in gap: Double, period: Double) -> Int? {
        guard period > 0 else { return 1 }
        let ratio = gap / period
        if ratio < shortestGap { return nil }
        return min(mostStepsPerGap, max(1, Int(ratio.rounded())))
    }

    /// Whether a candidate at `time` falls on the rhythm of step period `p`: its gap from the
    /// last candidate is a whole number of steps, or its span from the one before is. The second
    /// test is for lopsided gaits (a phone in one front pocket peaks early on the other leg's
    /// step), where single gaps alternate short and long but every stride is the same.
    func isOnRhythm(_ time: Double, period p: Double) -> Bool {
        guard p > 0 else { return false }
        let single = (time - lastAccepted) / p
        if abs(single - single.rounded()) <= tolerance { return true }
        let double = (time - acceptedBefore) / p
        return double.rounded() >= 2 && abs(double - double.rounded()) <= tolerance
    }

    mutating func accept(_ time: Double) {
        acceptedBefore = lastAccepted
        lastAccepted = time
    }

    /// Offers a candidate step; calls `credit(time, period)` for each step credited.
    /// - Parameters:
    ///   - candidate: the peak.
    ///   - rhythm: the signal's rhythm now.
    ///   - credit: receives every step credited, in time order.
    public mutating func offer(_ candidate: StepCandidate, rhythm: Rhythm, credit: (Double, Double) -> Void) {
        let time = candidate.time
        advance(to: time)
        if !candidate.isStrong && state != .walking { return }
        switch state {
        case .idle:
            held.append(time)
            acceptedBefore = -.infinity
            lastAccepted = time
            stepsOnRhythm = 1
            state = .deciding
        case .deciding:
            let gap = time - lastAccepted
            // Shortly after a walk, a pause or a turn is the likeliest story: the rhythm need
            // not be re-established, only a few steps at the walk's pace.
            let resuming = time - lastWalkEnded <= resumeWindow
            let p = resuming && !(rhythm.strength >= minimumStrength) ? lastWalkPeriod : rhythm.stepPeriod
            guard let n = steps(in: gap, period: p) else { return }
            let periodic = resuming || rhythm.strength >= minimumStrength
            stepsOnRhythm = periodic && isOnRhythm(time, period: p) ? stepsOnRhythm + n : 1
            held.append(time)
            accept(time)
            if stepsOnRhythm >= (resuming ? resumeSteps : confirmationSteps) {
                period = p
                state = .walking
                faintInARow = 0
                creditHeld(credit: credit)
            }
        case .walking:
            period = followed(period, by: rhythm.stepPeriod)
            let gap = time - lastAccepted
            guard let n = steps(in: gap, period: period) else { return }
            // A faint peak counts only where a step is due, and only a few in a row.
            if !candidate.isStrong {
                if n != 1 || faintInARow >= mostFaintInARow || !isOnRhythm(time, period: period) { return }
                faintInARow += 1
            } else {
                faintInARow = 0
            }
            for i in 1...n { credit(lastAccepted + gap * Double(i) / Double(n), period) }
            accept(time)
        }
    }

    /// The walk's step period updated with a new estimate. Cadence drifts; it does not halve
    /// or double between two steps, so an estimate near twice or half the current period is an
    /// octave error of the step-or-stride call and is folded back.
    func followed(_ current: Double, by estimate: Double) -> Double {
        guard estimate > 0 else { return current }
        guard current > 0 else { return estimate }
        let ratio = estimate / current
        if ratio > 1.6 && ratio < 2.5 { return estimate / 2 }
        if ratio > 0.4 && ratio < 0.625 { return estimate * 2 }
        return estimate
    }

    /// Credits every held candidate, filling the gaps with whole steps at the current period.
    /// Leading candidates off the rhythm (shifting weight before the first step) are dropped.
    mutating func creditHeld(credit: (Double, Double) -> Void) {
        while held.count >= 2 {
            let ratio = (held[1] - held[0]) / period
            if abs(ratio - ratio.rounded()) <= tolerance && ratio.rounded() <= Double(mostStepsPerGap) { break }
            held.removeFirst()
        }
        guard var previous = held.removeFirst() else { return }
        credit(previous, period)
        while let time = held.removeFirst() {
            let gap = time - previous
            guard let n = steps(in: gap, period: period) else { continue }
            for i in 1...n { credit(previous + gap * Double(i) / Double(n), period) }
            previous = time
        }
    }
}
