import Testing
import FootfallDetection
@testable import FootfallAnalysis

/// `--set name=value` reaches every number of the detector's configuration, each name exactly
/// one, and the names experiments already use keep working.
struct DetectorConfigurationOverridesTests {
    /// Every number of a configuration, by its path (`decision.startProbability`), as text;
    /// the walking model (set whole with `--walking-model`) left out.
    func numbers(_ value: Any, path: String = "") -> [String: String] {
        var found: [String: String] = [:]
        for child in Mirror(reflecting: value).children {
            guard let label = child.label, label != "walkingModel" else { continue }
            let name = path.isEmpty ? label : path + "." + label
            switch child.value {
            case is Double, is Int, is Duration, is Bool: found[name] = "\(child.value)"
            default: found.merge(numbers(child.value, path: name)) { $1 }
            }
        }
        return found
    }

    @Test func everyNumberHasExactlyOneName() throws {
        let defaults = numbers(DetectorConfiguration.default)
        // The walking gate's groups are there: the decision's thresholds, the selection's and
        // the crediting's numbers.
        #expect(defaults["decision.rhythmStartProbability"] == "0.2")
        #expect(defaults["selection.stillBeforeStart"] != nil && defaults["crediting.weightShiftGap"] == "0.85")
        var reached: [String: String] = [:]
        for name in DetectorConfiguration.overridableNames {
            // 6.5 (6 for whole numbers) is no number's default.
            let changed = numbers(try DetectorConfiguration.default.applying(override: name + "=6.5"))
            let differing = changed.keys.filter { changed[$0] != defaults[$0] }
            #expect(differing.count == 1, "\(name) changes \(differing)")
            for path in differing {
                #expect(reached[path] == nil, "\(name) and \(reached[path] ?? "") both set \(path)")
                reached[path] = name
            }
        }
        #expect(Set(reached.keys) == Set(defaults.keys), "without a name: \(Set(defaults.keys).subtracting(reached.keys).sorted())")
    }

    @Test func theNamesExperimentsUsedStillWork() throws {
        let names = ["processingRateHz", "highPassHz", "lowPassHz", "minimumPeak", "minimumWalkingPeak",
                     "walkingRelativeThreshold", "relativeThreshold", "rhythmTolerance", "fundamentalCloseness",
                     "minimumRhythmStrength", "strideEvidence", "shortestGap", "gravityCutoffHz", "mostUnevenGaps",
                     "finishedWalkStillness", "walkingStartProbability", "walkingContinueProbability", "maximumGap",
                     "envelopeHalfLife", "minimumStepInterval", "maximumStepInterval", "stepTimeOffset", "longestStride",
                     "longestStepPeriod", "shortestStride", "rhythmMemory", "resumeWindow", "evidenceMemory", "shortestStep",
                     "confirmationSteps", "resumeConfirmationSteps", "mostStepsPerGap", "mostFaintStepsInARow",
                     "shortWalkSteps", "verificationSteps", "verificationFailures"]
        for name in names { #expect(DetectorConfiguration.overridableNames.contains(name), "\(name)") }
        let set = try DetectorConfiguration.default.applying(override: "walkingStartProbability=0.6")
            .applying(override: "walkingContinueProbability=0.3").applying(override: "shortWalkSteps=5")
            .applying(override: "resumeWindow=4").applying(override: "mostFaintStepsInARow=1")
        #expect(set.decision.startProbability == 0.6 && set.decision.continueProbability == 0.3)
        #expect(set.selection.shortWalkSteps == 5 && set.selection.resumeWindow == .seconds(4))
        #expect(set.crediting.mostFaintStepsInARow == 1)
        // The starts by rhythm and by resuming keep their own thresholds.
        #expect(set.decision.rhythmStartProbability == 0.2 && set.decision.resumedStartProbability == 0.4)
    }

    @Test func anUnknownNameIsRefusedWithTheKnownOnes() {
        #expect {
            try DetectorConfiguration.default.applying(override: "walkingStartProbabilty=0.6")
        } throws: { error in
            "\(error)".contains("unknown name") && "\(error)".contains("walkingRhythmStartProbability")
        }
        #expect(throws: ConfigurationOverrideError.self) { try DetectorConfiguration.default.applying(override: "shortWalkSteps=four") }
    }
}
