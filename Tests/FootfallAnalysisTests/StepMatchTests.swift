import Testing
@testable import FootfallAnalysis

/// Per-step matching follows the shared scorer: each true step, in time order, takes the
/// earliest unused detection within the tolerance.
struct StepMatchTests {
    @Test func matchesGreedilyOneToOne() {
        let match = StepMatch(truth: [1, 2, 3], detected: [1.1, 1.2, 2.9], tolerance: 0.25)
        #expect(match == StepMatch(truePositives: 2, falsePositives: 1, falseNegatives: 1))
        #expect(match.precision == 2.0 / 3)
        #expect(match.recall == 2.0 / 3)
        #expect(abs(match.f1 - 2.0 / 3) < 1e-12)
    }

    @Test func aDetectionServesOneTruthOnly() {
        // Two true steps 0.3 s apart, one detection between them.
        #expect(StepMatch(truth: [1.0, 1.3], detected: [1.15], tolerance: 0.25)
                == StepMatch(truePositives: 1, falsePositives: 0, falseNegatives: 1))
    }

    @Test func toleranceIsInclusive() {
        #expect(StepMatch(truth: [1.0], detected: [1.25], tolerance: 0.25).truePositives == 1)
        #expect(StepMatch(truth: [1.0], detected: [1.2501], tolerance: 0.25).truePositives == 0)
    }

    @Test func orderOfInputDoesNotMatter() {
        let a = StepMatch(truth: [3, 1, 2], detected: [2.9, 1.1, 2.1], tolerance: 0.25)
        #expect(a == StepMatch(truePositives: 3, falsePositives: 0, falseNegatives: 0))
    }

    @Test func emptyCases() {
        #expect(StepMatch(truth: [], detected: [], tolerance: 0.25).f1 == 1)
        #expect(StepMatch(truth: [1], detected: [], tolerance: 0.25).f1 == 0)
        #expect(StepMatch(truth: [], detected: [1], tolerance: 0.25).precision == 0)
    }
}
