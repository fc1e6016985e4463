import Testing
import FootfallDetection
@testable import FootfallAnalysis

/// `--set name=value` reaches every number of the detector's configuration, each name exactly
/// one, and the names experiments already use keep working.
struct DetectorConfigurationOverridesTests {
    /// Every number of a configuration, by its path (`selection.shortWalkSteps`), as text;
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
        // The walking gate's groups are there: the selection's and the crediting's numbers, and
        // the decision's lag (absent by default).
        #expect(defaults["selection.judgementInterval"] == "8")
        #expect(defaults["selection.stillBeforeStart"] != nil && defaults["crediting.weightShiftGap"] == "0.85")
        var reached: [String: String] = [:]
        for name in DetectorConfiguration.overridableNames {
            // 6.5 (6 for whole numbers) is no number's default.
            let changed = numbers(try DetectorConfiguration.default.applying(override: name + "=6.5"))
            let differing = Set(changed.keys).union(defaults.keys).filter { changed[$0] != defaults[$0] }
            #expect(differing.count == 1, "\(name) changes \(differing)")
            for path in differing {
                #expect(reached[path] == nil, "\(name) and \(reached[path] ?? "") both set \(path)")
                reached[path] = name
            }
        }
        // The decision's lag, absent by default, is reached through its value once set.
        #expect(Set(reached.keys) == Set(defaults.keys).union(["decisionLag"]),
                "without a name: \(Set(defaults.keys).subtracting(reached.keys).sorted())")
    }

    @Test func theNamesExperimentsUsedStillWork() throws {
        let names = ["processingRateHz", "highPassHz", "lowPassHz", "minimumPeak", "minimumWalkingPeak",
                     "walkingRelativeThreshold", "relativeThreshold", "rhythmTolerance", "fundamentalCloseness",
                     "minimumRhythmStrength", "strideEvidence", "shortestGap", "gravityCutoffHz", "mostUnevenGaps",
                     "finishedWalkStillness", "maximumGap",
                     "envelopeHalfLife", "minimumStepInterval", "maximumStepInterval", "stepTimeOffset", "longestStride",
                     "longestStepPeriod", "shortestStride", "rhythmMemory", "evidenceMemory", "shortestStep",
                     "confirmationSteps", "resumeConfirmationSteps", "mostStepsPerGap", "mostFaintStepsInARow",
                     "shortWalkSteps", "judgementSteps", "judgementInterval", "boutGap", "decisionLag"]
        for name in names { #expect(DetectorConfiguration.overridableNames.contains(name), "\(name)") }
        let set = try DetectorConfiguration.default.applying(override: "shortWalkSteps=5")
            .applying(override: "boutGap=4").applying(override: "mostFaintStepsInARow=1").applying(override: "decisionLag=6")
        #expect(set.selection.shortWalkSteps == 5 && set.boutGap == .seconds(4))
        #expect(set.crediting.mostFaintStepsInARow == 1 && set.decisionLag == .seconds(6))
        #expect(try set.applying(override: "decisionLag=-1").decisionLag == nil)
    }

    @Test func anUnknownNameIsRefusedWithTheKnownOnes() {
        #expect {
            try DetectorConfiguration.default.applying(override: "judgementIntervall=6")
        } throws: { error in
            "\(error)".contains("unknown name") && "\(error)".contains("judgementInterval")
        }
        #expect(throws: ConfigurationOverrideError.self) { try DetectorConfiguration.default.applying(override: "shortWalkSteps=four") }
    }
}
