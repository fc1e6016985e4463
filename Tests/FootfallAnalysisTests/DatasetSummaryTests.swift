import Testing
import FootfallTraces
@testable import FootfallAnalysis

/// The per-dataset figures follow the shared scoring conventions.
struct DatasetSummaryTests {
    func score(_ name: String, _ activity: TraceSidecar.Activity, truth: Int, counted: Int,
               duration: Double = 100, match: StepMatch? = nil) -> RecordingScore {
        var count = TraceCount(stepTimes: Array(repeating: 0, count: counted), cadence: 0, samples: 1000,
                               duration: duration, elapsed: 0.001)
        count.stepTimes = Array(repeating: 0, count: counted)
        var sidecar = TraceSidecar(steps: truth, activity: activity)
        sidecar.durationSeconds = duration
        var result = RecordingScore(count: count, sidecar: sidecar, dataset: "d", name: name)
        result.match = match
        return result
    }

    @Test func walkingErrorsNonWalkingRateAndMixedTotals() {
        let summary = DatasetSummary(dataset: "d", scores: [
            score("a", .walking, truth: 100, counted: 98),
            score("b", .walking, truth: 100, counted: 110),
            score("c", .walking, truth: 200, counted: 200),
            score("still", .nonWalking, truth: 0, counted: 3, duration: 1800),
            score("mixed", .mixed, truth: 50, counted: 45),
        ])
        #expect(summary.recordings == 5)
        #expect(summary.walkingMedianError == 2)
        #expect(abs(summary.walkingMeanError! - 4) < 1e-12)
        #expect(abs(summary.walkingSummedError! - 2) < 1e-12)
        #expect(summary.falseStepsPerHour == 6)
        #expect(summary.mixedTrue == 50 && summary.mixedCounted == 45)
        #expect(summary.match == nil)
    }

    @Test func matchesAreSummedBeforeTheRatio() {
        let summary = DatasetSummary(dataset: "d", scores: [
            score("a", .walking, truth: 10, counted: 10, match: StepMatch(truePositives: 9, falsePositives: 1, falseNegatives: 1)),
            score("b", .walking, truth: 30, counted: 30, match: StepMatch(truePositives: 30, falsePositives: 0, falseNegatives: 0)),
        ])
        #expect(summary.match == StepMatch(truePositives: 39, falsePositives: 1, falseNegatives: 1))
    }
}
