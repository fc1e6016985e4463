import Testing
@testable import FootfallDetection

/// The gait's structure: gaps read as whole steps, second bumps, and the rhythm of a lopsided gait.
struct StepSpacingTests {
    let spacing = StepSpacing(configuration: .default)

    @Test func aGapIsAWholeNumberOfSteps() {
        #expect(spacing.steps(in: 0.5, period: 0.5) == 1)
        #expect(spacing.steps(in: 1.05, period: 0.5) == 2)
        #expect(spacing.steps(in: 1.4, period: 0.5) == 3)
        // At most three; under half a step is a second bump of the same step.
        #expect(spacing.steps(in: 3.0, period: 0.5) == 3)
        #expect(spacing.steps(in: 0.2, period: 0.5) == nil)
        #expect(spacing.steps(in: 0.3, period: 0) == 1)
        #expect(spacing.isWholeSteps(1.9) && !spacing.isWholeSteps(1.5) && !spacing.isWholeSteps(4) && !spacing.isWholeSteps(0.2))
    }

    @Test func aLopsidedGaitIsOnTheRhythmByTheStride() {
        // Gaps alternate 0.3 and 0.7 s at a 0.5 s step: the single gap is off the rhythm, the
        // stride is not.
        #expect(!spacing.isOnRhythm(1.7, last: 1.0, before: 2.0, period: 0.5))
        #expect(spacing.isOnRhythm(1.7, last: 1.0, before: 0.7, period: 0.5))
        #expect(spacing.isOnRhythm(1.5, last: 1.0, before: -.infinity, period: 0.5))
        #expect(!spacing.isOnRhythm(1.5, last: 1.0, before: 0.5, period: 0))
    }
}
