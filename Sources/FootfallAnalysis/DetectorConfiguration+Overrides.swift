import FootfallDetection

/// Why a `name=value` override of the detector configuration was refused.
public struct ConfigurationOverrideError: Error, CustomStringConvertible {
    /// The override as given.
    public var text: String
    /// What is wrong with it.
    public var problem: String
    public var description: String { "cannot apply '\(text)': \(problem)" }
}

extension DetectorConfiguration {
    /// The tunables by name, for `--set name=value` in experiments and `tools/tune`: every
    /// number of the configuration but the walking model's (`--walking-model`), the walking
    /// gate's groups (`selection`, `crediting`) by their fields' names. Durations
    /// are given in seconds, switches as 0 or 1.
    static var tunables: [String: WritableKeyPath<DetectorConfiguration, Double>] { [
        "processingRateHz": \.processingRateHz,
        "highPassHz": \.highPassHz,
        "lowPassHz": \.lowPassHz,
        "minimumPeak": \.minimumPeak,
        "minimumWalkingPeak": \.minimumWalkingPeak,
        "walkingRelativeThreshold": \.walkingRelativeThreshold,
        "relativeThreshold": \.relativeThreshold,
        "rhythmTolerance": \.rhythmTolerance,
        "fundamentalCloseness": \.fundamentalCloseness,
        "minimumRhythmStrength": \.minimumRhythmStrength,
        "strideEvidence": \.strideEvidence,
        "shortestGap": \.shortestGap,
        "gravityCutoffHz": \.gravityCutoffHz,
        "mostUnevenGaps": \.selection.mostUnevenGaps,
        "strideSpacingTolerance": \.selection.strideSpacingTolerance,
        "finishedWalkLastStepEarliest": \.selection.finishedWalkLastStepEarliest,
        "finishedWalkLastStepLatest": \.selection.finishedWalkLastStepLatest,
        "resumeGapTolerance": \.selection.resumeGapTolerance,
        "weightShiftHeight": \.crediting.weightShiftHeight,
        "weightShiftGap": \.crediting.weightShiftGap,
        "strideEstimateLow": \.crediting.strideEstimateLow,
        "strideEstimateHigh": \.crediting.strideEstimateHigh,
        "halfStepEstimateLow": \.crediting.halfStepEstimateLow,
        "halfStepEstimateHigh": \.crediting.halfStepEstimateHigh,
        "mostPeriodChange": \.crediting.mostPeriodChange,
        "alikeStrikes": \.crediting.alikeStrikes,
        "strideVerticalRepeat": \.crediting.strideVerticalRepeat,
        "finishedWalkStillness": \.selection.finishedWalkStillness,
        "sureOfWalking": \.selection.sureOfWalking,
    ] }
    static var durations: [String: WritableKeyPath<DetectorConfiguration, Duration>] { [
        "maximumGap": \.maximumGap,
        "envelopeHalfLife": \.envelopeHalfLife,
        "minimumStepInterval": \.minimumStepInterval,
        "maximumStepInterval": \.maximumStepInterval,
        "stepTimeOffset": \.stepTimeOffset,
        "longestStride": \.longestStride,
        "longestStepPeriod": \.longestStepPeriod,
        "shortestStride": \.shortestStride,
        "rhythmMemory": \.rhythmMemory,
        "boutGap": \.boutGap,
        "stillBeforeStart": \.selection.stillBeforeStart,
        "stillBeforeEnd": \.selection.stillBeforeEnd,
        "stillAfterStart": \.selection.stillAfterStart,
        "stillAfterEnd": \.selection.stillAfterEnd,
        "evidenceMemory": \.evidenceMemory,
        "decisionContext": \.decisionContext,
        "shortestStep": \.shortestStep,
        "shortestStrideHalved": \.crediting.shortestStrideHalved,
    ] }
    static var integers: [String: WritableKeyPath<DetectorConfiguration, Int>] { [
        "confirmationSteps": \.selection.confirmationSteps,
        "resumeConfirmationSteps": \.selection.resumeConfirmationSteps,
        "mostStepsPerGap": \.mostStepsPerGap,
        "mostFaintStepsInARow": \.crediting.mostFaintStepsInARow,
        "shortWalkSteps": \.selection.shortWalkSteps,
        "longestShortWalk": \.selection.longestShortWalk,
        "judgementSteps": \.selection.judgementSteps,
        "judgementInterval": \.selection.judgementInterval,
        "finalJudgementSteps": \.selection.finalJudgementSteps,
        "earlyJudgementInterval": \.selection.earlyJudgementInterval,
        "youngRunSteps": \.selection.youngRunSteps,
        "finishedWalkExtraSteps": \.selection.finishedWalkExtraSteps,
        "halfPeriodSteps": \.crediting.halfPeriodSteps,
        "betweenStepsGaps": \.crediting.betweenStepsGaps,
    ] }
    static var switches: [String: WritableKeyPath<DetectorConfiguration, Bool>] { ["showsProvisionalSteps": \.showsProvisionalSteps] }
    /// Durations that may be absent: a negative value leaves them out.
    static var optionalDurations: [String: WritableKeyPath<DetectorConfiguration, Duration?>] { [
        "decisionLag": \.decisionLag,
    ] }

    /// Every name `applying(override:)` accepts.
    public static var overridableNames: [String] {
        (Array(tunables.keys) + Array(durations.keys) + Array(integers.keys) + Array(switches.keys)
            + Array(optionalDurations.keys)).sorted()
    }

    /// A copy with one tunable changed.
    /// - Parameter text: `name=value`; durations in seconds (a negative one leaves out a duration
    ///   that may be absent: `decisionLag=-1` decides each bout once it has ended), switches as 0 or 1.
    /// - Throws: `ConfigurationOverrideError` for an unknown name or a bad value.
    public func applying(override text: String) throws(ConfigurationOverrideError) -> DetectorConfiguration {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw ConfigurationOverrideError(text: text, problem: "expected name=value") }
        guard let value = Double(parts[1]), value.isFinite else {
            throw ConfigurationOverrideError(text: text, problem: "'\(parts[1])' is not a number")
        }
        var copy = self
        let name = parts[0]
        if let path = Self.tunables[name] {
            copy[keyPath: path] = value
        } else if let path = Self.durations[name] {
            copy[keyPath: path] = .milliseconds(Int64((value * 1000).rounded()))
        } else if let path = Self.integers[name] {
            copy[keyPath: path] = Int(value)
        } else if let path = Self.switches[name] {
            copy[keyPath: path] = value != 0
        } else if let path = Self.optionalDurations[name] {
            copy[keyPath: path] = value < 0 ? nil : .milliseconds(Int64((value * 1000).rounded()))
        } else {
            throw ConfigurationOverrideError(
                text: text, problem: "unknown name; known: " + Self.overridableNames.joined(separator: ", "))
        }
        return copy
    }
}
