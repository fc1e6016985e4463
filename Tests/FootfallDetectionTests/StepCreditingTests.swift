import Testing
@testable import FootfallDetection

/// How steps are credited: gaps filled with whole steps, the steps before a walk's first
/// dropped, faint steps while walking, and the period's octave errors folded back.
struct StepCreditingTests {
    let crediting = StepCrediting(configuration: .default)

    func credited(_ times: [Double], heights: [Double]? = nil, period: Double = 0.5) -> [Double] {
        var steps: [Double] = []
        crediting.creditHeld(heldCandidates(times, heights: heights), from: 0, period: period) { time, stepPeriod in
            #expect(stepPeriod == period)
            steps.append(time)
        }
        return steps
    }

    @Test func aGapOfTwoPeriodsIsCreditedAsTwoSteps() {
        // A wrist's faint step made no peak between 0.5 and 1.5 s: it is credited half-way.
        #expect(credited([0, 0.5, 1.5, 2.0]) == [0, 0.5, 1.0, 1.5, 2.0])
        // Three periods at most: a gap of four periods is three steps.
        #expect(credited([0, 0.5, 2.5]).count == 5)
    }

    @Test func aSecondBumpOfTheSameStepIsNotAStep() {
        #expect(credited([0, 0.5, 0.7, 1.0]) == [0, 0.5, 1.0])
    }

    @Test func leadingCandidatesOffTheRhythmAreDropped() {
        // Three quarters of a second to the next, at a half-second step: not a whole number of
        // steps, so the walk starts at the second candidate.
        #expect(credited([0, 0.75, 1.25, 1.75]) == [0.75, 1.25, 1.75])
        #expect(crediting.firstCredited(of: heldCandidates([0, 0.75, 1.25, 1.75]), from: 0, period: 0.5) == 1)
    }

    @Test func theWeightShiftBeforeTheFirstStepIsNotAStep() {
        // A small bump early before the first step: under half the next two, under 0.85 of a
        // period before the next.
        #expect(credited([0, 0.4, 0.9, 1.4], heights: [0.3, 1, 1, 1]) == [0.4, 0.9, 1.4])
        // As high as a step, or a whole step before the next: a step.
        #expect(credited([0, 0.4, 0.9, 1.4], heights: [0.6, 1, 1, 1]) == [0, 0.4, 0.9, 1.4])
        #expect(credited([0, 0.5, 1.0, 1.5], heights: [0.3, 1, 1, 1]) == [0, 0.5, 1.0, 1.5])
    }

    @Test func theFillIsEvenlySpaced() {
        var steps: [Double] = []
        crediting.fill(after: 1.0, to: 2.5, steps: 3, period: 0.5) { time, _ in steps.append(time) }
        #expect(steps == [1.5, 2.0, 2.5])
    }

    @Test func faintStepsCountOnlyWhereAStepIsDue() {
        // On the rhythm, one step after the last: credited, twice in a row at most.
        #expect(crediting.faintStep(steps: 1, gap: 0.5, period: 0.5, faintInARow: 0, onRhythm: true) == .credited)
        #expect(crediting.faintStep(steps: 1, gap: 0.5, period: 0.5, faintInARow: 2, onRhythm: true) == .ignored)
        #expect(crediting.faintStep(steps: 2, gap: 1.0, period: 0.5, faintInARow: 0, onRhythm: true) == .ignored)
        // Early but at least half a step on: the walk's last step if nothing follows.
        #expect(crediting.faintStep(steps: 1, gap: 0.3, period: 0.5, faintInARow: 0, onRhythm: false) == .lastStep)
        #expect(crediting.faintStep(steps: 1, gap: 0.2, period: 0.5, faintInARow: 0, onRhythm: false) == .ignored)
        var configuration = DetectorConfiguration()
        configuration.crediting.mostFaintStepsInARow = 3
        #expect(StepCrediting(configuration: configuration)
            .faintStep(steps: 1, gap: 0.5, period: 0.5, faintInARow: 2, onRhythm: true) == .credited)
    }

    @Test func octaveErrorsOfThePeriodAreFoldedBack() {
        // Cadence drifts, it does not double or halve between two steps.
        #expect(crediting.followed(0.5, by: 1.0) == 0.5)
        #expect(crediting.followed(0.5, by: 0.25) == 0.5)
        #expect(crediting.followed(0.5, by: 0.55) == 0.55)
        // Neither an octave nor a drift: the estimate wandering from step to stride (a run's
        // arm swing) is not followed, hop by hop (0.36 -> 0.52 -> 0.71 s lost half a run's steps).
        #expect(crediting.followed(0.36, by: 0.52) == 0.36)
        #expect(crediting.followed(0.5, by: 1.3) == 0.5)
        // No estimate keeps the period; no period takes the estimate.
        #expect(crediting.followed(0.5, by: 0) == 0.5)
        #expect(crediting.followed(0, by: 1.0) == 1.0)
        var configuration = DetectorConfiguration()
        configuration.crediting.strideEstimateHigh = 2.7
        #expect(StepCrediting(configuration: configuration).followed(0.5, by: 1.3) == 0.65)
    }

    @Test func strongStepsHalfAPeriodApartAreHalfAPeriod() {
        #expect(crediting.isHalfPeriod(gap: 0.36, period: 0.72))
        #expect(!crediting.isHalfPeriod(gap: 0.7, period: 0.72))
        #expect(!crediting.isHalfPeriod(gap: 0.2, period: 0.72))
        #expect(!crediting.isHalfPeriod(gap: 0.36, period: 0))
    }

    @Test func gapsOfOneAndAHalfPeriodsAreBetweenSteps() {
        // Neither one step nor two at the tolerance of 0.3 periods; one and two are steps.
        #expect(crediting.isBetweenSteps(gap: 0.575, period: 0.38, tolerance: 0.3))
        #expect(!crediting.isBetweenSteps(gap: 0.45, period: 0.38, tolerance: 0.3))
        #expect(!crediting.isBetweenSteps(gap: 0.72, period: 0.38, tolerance: 0.3))
        #expect(!crediting.isBetweenSteps(gap: 0.575, period: 0, tolerance: 0.3))
    }
}
