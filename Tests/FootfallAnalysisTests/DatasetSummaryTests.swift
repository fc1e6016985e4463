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

    @Test func recallOverWalksOfFourStepsOrMoreAndFalseStepsPerLabel() {
        // Two walks: one of 3 steps (not scored for walk recall), one of 4 of which 3 are found.
        var sidecar = TraceSidecar(steps: 7, stepTimes: [1, 1.5, 2, 10, 10.5, 11, 11.5], activity: .walking)
        sidecar.walks = [TraceSidecar.Walk(start: 1, end: 2, steps: 3), TraceSidecar.Walk(start: 10, end: 11.5, steps: 4)]
        let count = TraceCount(stepTimes: [1, 1.5, 10, 10.5, 11.6], cadence: 0, samples: 100, duration: 20, elapsed: 0.001)
        let walk = RecordingScore(count: count, sidecar: sidecar, dataset: "daily", name: "a")
        #expect(walk.walkSteps == 4)
        #expect(walk.walkStepsFound == 3)
        var brushing = TraceSidecar(steps: 0, activity: .nonWalking)
        brushing.label = "brushing"
        brushing.durationSeconds = 1800
        var combing = brushing
        combing.label = "combing"
        let still = TraceCount(stepTimes: [], cadence: 0, samples: 100, duration: 1800, elapsed: 0.001)
        let five = TraceCount(stepTimes: [1, 2, 3, 4, 5], cadence: 0, samples: 100, duration: 1800, elapsed: 0.001)
        let summary = DatasetSummary(dataset: "daily", scores: [
            walk,
            RecordingScore(count: five, sidecar: brushing, dataset: "daily", name: "b"),
            RecordingScore(count: still, sidecar: combing, dataset: "daily", name: "c"),
        ])
        #expect(summary.walkRecall == 0.75)
        #expect(summary.falseStepsPerHourByLabel == ["brushing": 10, "combing": 0])
        #expect(summary.falseStepsPerHour == 5)
    }
}
