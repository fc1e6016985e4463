/// Per-step agreement between detected and true steps.
public struct StepMatch: Sendable, Equatable, Codable {
    /// Detected steps matched to a true step.
    public var truePositives: Int
    /// Detected steps that match no true step.
    public var falsePositives: Int
    /// True steps no detected step matched.
    public var falseNegatives: Int

    enum CodingKeys: String, CodingKey {
        case truePositives = "tp", falsePositives = "fp", falseNegatives = "fn"
    }

    /// Matches each true step, in time order, to the earliest unused detected step within
    /// `tolerance` seconds: the greedy one-to-one rule of the shared datasets' scorer.
    /// - Parameters:
    ///   - truth: true step times, seconds.
    ///   - detected: detected step times, seconds.
    ///   - tolerance: the largest time difference that still matches, seconds.
    public init(truth: [Double], detected: [Double], tolerance: Double) {
        let matched = Self.matchedTruth(truth: truth, detected: detected, tolerance: tolerance).filter { $0 }.count
        truePositives = matched
        falsePositives = detected.count - matched
        falseNegatives = truth.count - matched
    }

    /// Which true steps a detected step matched (greedily, in time order, each detected step
    /// matching at most one true step within the tolerance), in the order of `truth` sorted.
    public static func matchedTruth(truth: [Double], detected: [Double], tolerance: Double) -> [Bool] {
        let truth = truth.sorted()
        let found = detected.sorted()
        var used = [Bool](repeating: false, count: found.count)
        var matched = [Bool](repeating: false, count: truth.count)
        var lower = 0
        for (k, t) in truth.enumerated() {
            // `lower` only moves forward: the first found step at or after t - tolerance.
            while lower < found.count && found[lower] < t - tolerance { lower += 1 }
            var i = lower
            while i < found.count && found[i] <= t + tolerance {
                if !used[i] {
                    used[i] = true
                    matched[k] = true
                    break
                }
                i += 1
            }
        }
        return matched
    }

    public init(truePositives: Int, falsePositives: Int, falseNegatives: Int) {
        self.truePositives = truePositives
        self.falsePositives = falsePositives
        self.falseNegatives = falseNegatives
    }

    /// Sums two matches.
    public static func + (a: StepMatch, b: StepMatch) -> StepMatch {
        StepMatch(truePositives: a.truePositives + b.truePositives,
                  falsePositives: a.falsePositives + b.falsePositives,
                  falseNegatives: a.falseNegatives + b.falseNegatives)
    }

    /// matched / detected (1 when nothing was detected).
    public var precision: Double {
        let detected = truePositives + falsePositives
        return detected == 0 ? 1 : Double(truePositives) / Double(detected)
    }

    /// matched / true (1 when there were no true steps).
    public var recall: Double {
        let truth = truePositives + falseNegatives
        return truth == 0 ? 1 : Double(truePositives) / Double(truth)
    }

    /// Harmonic mean of precision and recall, as 2TP / (2TP + FP + FN).
    public var f1: Double {
        let denominator = 2 * truePositives + falsePositives + falseNegatives
        return denominator == 0 ? 1 : Double(2 * truePositives) / Double(denominator)
    }
}
