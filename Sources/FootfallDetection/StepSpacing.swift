/// How the steps of any walk are spaced: the gait's structure that choosing the stretches to
/// ask about (`StretchSelection`) and crediting steps (`StepCrediting`) share.
///
/// Each gap between candidates is read as a whole number of step periods (1 normally, 2 or 3
/// when faint steps made no peak: the wrist's arm swing, a phone in one pocket); a candidate
/// closer than `shortestGap` of a period to the previous one is a second bump of the same step.
public struct StepSpacing: Sendable, Equatable {
    /// The shortest step anyone takes, seconds (`DetectorConfiguration.shortestStep`).
    public var shortestStep: Double
    /// The longest interval between two steps of one walk, seconds
    /// (`DetectorConfiguration.maximumStepInterval`).
    public var longestStep: Double
    /// The most steps one gap between candidates holds (`DetectorConfiguration.mostStepsPerGap`).
    public var mostStepsPerGap: Int
    /// A gap under this fraction of a step period is a second bump, not a step
    /// (`DetectorConfiguration.shortestGap`).
    public var shortestGap: Double
    /// How far, in step periods, a gap may be from a whole number of steps and be on the
    /// rhythm (`DetectorConfiguration.rhythmTolerance`).
    public var tolerance: Double

    /// The spacing of the detector's configuration.
    public init(configuration: DetectorConfiguration) {
        shortestStep = configuration.shortestStep.inSeconds
        longestStep = configuration.maximumStepInterval.inSeconds
        mostStepsPerGap = max(1, configuration.mostStepsPerGap)
        shortestGap = configuration.shortestGap
        tolerance = configuration.rhythmTolerance
    }

    /// How many steps a gap between candidates is at `period`, or nil when it is too short to
    /// be a step (a second bump of the same step). Without a period, every gap is one step.
    public func steps(in gap: Double, period: Double) -> Int? {
        guard period > 0 else { return 1 }
        let ratio = gap / period
        if ratio < shortestGap { return nil }
        return min(mostStepsPerGap, max(1, Int(ratio.rounded())))
    }

    /// Whether a gap of `ratio` step periods is a whole number of steps the way a walk's gaps
    /// are: 1 to `mostStepsPerGap`, within `tolerance`.
    public func isWholeSteps(_ ratio: Double) -> Bool {
        let whole = ratio.rounded()
        return abs(ratio - whole) <= tolerance && whole >= 1 && whole <= Double(mostStepsPerGap)
    }

    /// Whether a candidate at `time` falls on the rhythm of step period `period`: its gap from
    /// the last accepted candidate (`last`) is a whole number of steps, or its span from the
    /// one before (`before`) is. The second test is for lopsided gaits (a phone in one front
    /// pocket peaks early on the other leg's step), where single gaps alternate short and long
    /// but every stride is the same.
    public func isOnRhythm(_ time: Double, last: Double, before: Double, period: Double) -> Bool {
        guard period > 0 else { return false }
        let single = (time - last) / period
        if abs(single - single.rounded()) <= tolerance { return true }
        let double = (time - before) / period
        return double.rounded() >= 2 && abs(double - double.rounded()) <= tolerance
    }
}
