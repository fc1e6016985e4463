import Foundation
import Testing
@testable import FootfallDetection

/// The walking decision answers each question against a threshold of its own and says why:
/// the conditions beside the model first (too fast, not standing around a finished walk), then
/// the model's envelope and probability.
struct WalkingDecisionTests {
    /// A model whose probability is `probability` everywhere inside its envelope, and whose
    /// envelope bounds feature 3 above at 1.
    func model(probability: Double) -> WalkingModel {
        var upper = SIMD32<Double>(repeating: .infinity)
        upper[3] = 1
        return WalkingModel(forest: .constant(log(probability / (1 - probability))), upperBounds: upper)
    }

    func decision(probability: Double, _ configure: (inout WalkingDecision.Configuration) -> Void = { _ in }) -> WalkingDecision {
        var configuration = WalkingDecision.Configuration()
        configure(&configuration)
        return WalkingDecision(model: model(probability: probability), configuration: configuration, shortestStep: 0.3)
    }

    let inside = WalkingFeatures(values: .zero)
    /// The same stretch, worn on the wrist.
    let wrist: WalkingFeatures = {
        var values = SIMD32<Double>.zero
        values[WalkingFeatures.names.firstIndex(of: "placement_wrist")!] = Placement.wrist.featureValue
        return WalkingFeatures(values: values)
    }()
    let walkingPace = 0.55

    @Test func eachQuestionIsHeldToItsOwnThreshold() {
        // Even odds start a short walk; a walk that ended moments ago resumes at 0.4; steps on
        // a rhythm take 0.2, and a walk going is kept at 0.15.
        let decision = decision(probability: 0.45)
        var seen: [WalkingQuestion: WalkingVerdict] = [:]
        for question in WalkingQuestion.allCases {
            seen[question] = decision.verdict(on: question, inside, stepPeriod: walkingPace,
                                              stillness: question == .finishedShortWalk ? .init(steps: 1, before: 0, after: 0) : nil)
        }
        #expect(seen[.shortWalk]?.reason == .belowThreshold && seen[.shortWalk]?.threshold == 0.5)
        #expect(seen[.finishedShortWalk]?.reason == .belowThreshold && seen[.finishedShortWalk]?.threshold == 0.5)
        #expect(seen[.resumed]?.walking == true && seen[.resumed]?.threshold == 0.4)
        for (question, threshold) in [(WalkingQuestion.rhythm, 0.2), (.stillWalking, 0.15), (.stillWalkingUnproven, 0.15)] {
            #expect(seen[question]?.walking == true && seen[question]?.threshold == threshold, "\(question)")
            #expect(seen[question]?.probability ?? 0 > 0.44 && seen[question]?.probability ?? 1 < 0.46)
        }
        // A rhythm's start has a threshold of its own: raised, it no longer starts a walk that
        // the continue probability would keep.
        let stricter = self.decision(probability: 0.45) { $0.rhythmStartProbability = 0.5 }
        let rhythm = stricter.verdict(on: .rhythm, inside, stepPeriod: walkingPace)
        #expect(!rhythm.walking && rhythm.reason == .belowThreshold && rhythm.threshold == 0.5)
        #expect(stricter.verdict(on: .stillWalking, inside, stepPeriod: walkingPace).walking)
        #expect(stricter.verdict(on: .resumed, inside, stepPeriod: walkingPace).walking)
        let resumedStricter = self.decision(probability: 0.45) { $0.resumedStartProbability = 0.5 }
        #expect(resumedStricter.verdict(on: .resumed, inside, stepPeriod: walkingPace).reason == .belowThreshold)
    }

    @Test func aVerdictSaysWhenTheWalkIsClearlyWalking() {
        // At 0.99 and above a walking verdict is a clear one (a walk going is then asked about
        // less often); below it, or when a condition beside the model says no, it is not.
        #expect(decision(probability: 0.995).verdict(on: .stillWalking, inside, stepPeriod: walkingPace).clearlyWalking)
        #expect(!decision(probability: 0.98).verdict(on: .stillWalking, inside, stepPeriod: walkingPace).clearlyWalking)
        #expect(decision(probability: 0.98).verdict(on: .stillWalking, inside, stepPeriod: walkingPace).walking)
        #expect(!decision(probability: 0.995).verdict(on: .stillWalking, inside, stepPeriod: 0.2).clearlyWalking)
        let laxer = decision(probability: 0.98) { $0.clearlyWalkingProbability = 0.95 }
        #expect(laxer.verdict(on: .stillWalking, inside, stepPeriod: walkingPace).clearlyWalking)
    }

    @Test func aWalkStartsOnFirmerEvidenceAtTheWrist() {
        // At the wrist, hands at work make evenly spaced peaks all day: a short walk and a
        // rhythm start at 0.9 there; a walk going is kept as anywhere else.
        #expect(wrist.placement == .wrist && inside.placement == .body)
        let decision = decision(probability: 0.8)
        for question in [WalkingQuestion.shortWalk, .rhythm] {
            let verdict = decision.verdict(on: question, wrist, stepPeriod: walkingPace)
            #expect(!verdict.walking && verdict.threshold == 0.9, "\(question)")
            #expect(decision.verdict(on: question, inside, stepPeriod: walkingPace).walking, "\(question)")
        }
        #expect(decision.verdict(on: .stillWalking, wrist, stepPeriod: walkingPace).walking)
        #expect(self.decision(probability: 0.95).verdict(on: .shortWalk, wrist, stepPeriod: walkingPace).walking)
    }

    @Test func aWalkAtTheWristIsKeptOnWeakerEvidenceOnlyOnceItWasClearlyWalking() {
        // A walk at the wrist not yet judged clearly walking is held to 0.8 while it goes on;
        // once it has been, to the continue threshold, as anywhere. On the body the two agree.
        let decision = decision(probability: 0.7)
        let unproven = decision.verdict(on: .stillWalkingUnproven, wrist, stepPeriod: walkingPace)
        #expect(!unproven.walking && unproven.reason == .belowThreshold && unproven.threshold == 0.8)
        #expect(decision.verdict(on: .stillWalking, wrist, stepPeriod: walkingPace).walking)
        #expect(decision.verdict(on: .stillWalkingUnproven, inside, stepPeriod: walkingPace).threshold == 0.15)
        #expect(self.decision(probability: 0.85).verdict(on: .stillWalkingUnproven, wrist, stepPeriod: walkingPace).walking)
        let laxer = self.decision(probability: 0.7) { $0.wristUnprovenContinueProbability = 0.6 }
        #expect(laxer.verdict(on: .stillWalkingUnproven, wrist, stepPeriod: walkingPace).walking)
        #expect(WalkingQuestion.stillWalkingUnproven.keepsAWalk && !WalkingQuestion.stillWalkingUnproven.startsAWalk)
    }

    @Test func aSecondYesAsSureAsAStartCreditsAWalksWithheldSteps() {
        // Asked again while a walk goes, a yes at 0.9 or more credits the steps the walk has
        // withheld; a yes below it keeps the walk without crediting them, and a start never does
        // (its own yes is the first).
        let sure = decision(probability: 0.92), unsure = decision(probability: 0.85)
        #expect(sure.verdict(on: .stillWalkingUnproven, wrist, stepPeriod: walkingPace).creditsWithheldSteps)
        #expect(sure.verdict(on: .stillWalking, inside, stepPeriod: walkingPace).creditsWithheldSteps)
        let keptOnly = unsure.verdict(on: .stillWalkingUnproven, wrist, stepPeriod: walkingPace)
        #expect(keptOnly.walking && !keptOnly.creditsWithheldSteps)
        #expect(!sure.verdict(on: .shortWalk, wrist, stepPeriod: walkingPace).creditsWithheldSteps)
        #expect(!sure.verdict(on: .rhythm, inside, stepPeriod: walkingPace).creditsWithheldSteps)
        // A no never credits them, however high the probability (steps faster than walking).
        #expect(!decision(probability: 0.99).verdict(on: .stillWalking, inside, stepPeriod: 0.25).creditsWithheldSteps)
        let laxer = decision(probability: 0.85) { $0.creditWithheldProbability = 0.8 }
        #expect(laxer.verdict(on: .stillWalkingUnproven, wrist, stepPeriod: walkingPace).creditsWithheldSteps)
    }

    @Test func noesThatAverageEvenOddsOrMoreDoubtAWalkRatherThanRefuseIt() {
        // The withheld steps of a walk ended by noes are withdrawn only if the noes averaged
        // below even odds (`refusedBelowProbability`).
        let decision = decision(probability: 0.5)
        #expect(decision.doubtsRatherThanRefuses(meanProbability: 0.5))
        #expect(decision.doubtsRatherThanRefuses(meanProbability: 0.72))
        #expect(!decision.doubtsRatherThanRefuses(meanProbability: 0.49))
        let stricter = self.decision(probability: 0.5) { $0.refusedBelowProbability = 0.8 }
        #expect(!stricter.doubtsRatherThanRefuses(meanProbability: 0.72))
    }

    @Test func outsideTheEnvelopeSaysWhichFeature() {
        var outside = SIMD32<Double>.zero
        outside[3] = 2
        let verdict = decision(probability: 0.99).verdict(on: .shortWalk, WalkingFeatures(values: outside), stepPeriod: walkingPace)
        #expect(!verdict.walking)
        #expect(verdict.reason == .outsideEnvelope(feature: 3))
        #expect(verdict.probability == 0 && verdict.clearlyNotWalking)
    }

    @Test func stepsFasterThanAnyoneWalksAreNotAWalkWhateverTheModelSays() {
        let decision = decision(probability: 0.99)
        let fast = decision.verdict(on: .shortWalk, inside, stepPeriod: 0.25)
        #expect(!fast.walking && fast.reason == .fasterThanWalking)
        // The probability is still recorded, and it is not "clearly not walking".
        #expect(fast.probability > 0.98 && !fast.clearlyNotWalking)
        #expect(decision.verdict(on: .shortWalk, inside, stepPeriod: 0.3).walking)
        #expect(decision.verdict(on: .shortWalk, inside, stepPeriod: .nan).reason == .fasterThanWalking)
        #expect(decision.isFasterThanWalking(0.29) && !decision.isFasterThanWalking(0.3))
    }

    @Test func aFinishedWalkMustStartAndEndQuieterThanItWalked() {
        // The motion before the first step and after the last at most the steps' own.
        let decision = decision(probability: 0.9)
        func reason(_ steps: Double, _ before: Double, _ after: Double) -> WalkingVerdict.Reason {
            decision.verdict(on: .finishedShortWalk, inside, stepPeriod: walkingPace,
                             stillness: .init(steps: steps, before: before, after: after)).reason
        }
        #expect(reason(1, 1, 1) == .walking)
        #expect(reason(1, 0.6, 0.2) == .walking)  // getting up just before the first step
        #expect(reason(1, 1.2, 0.1) == .notStillBefore)
        #expect(reason(1, 0.1, 1.2) == .notStillAfter)
        #expect(reason(1, 2, 2) == .notStillBefore)
        #expect(reason(0, 0, 0) == .noMotion)
        // A walk not standing is not walking even at a high probability; the other questions
        // carry no stillness.
        #expect(decision.verdict(on: .shortWalk, inside, stepPeriod: walkingPace).walking)
        let stricter = self.decision(probability: 0.9) { $0.finishedWalkStillness = 0.3 }
        #expect(stricter.verdict(on: .finishedShortWalk, inside, stepPeriod: walkingPace,
                                 stillness: .init(steps: 1, before: 0.6, after: 0.1)).reason == .notStillBefore)
    }

    @Test func aStretchWellBelowTheContinueThresholdIsClearlyNotWalking() {
        #expect(decision(probability: 0.1).verdict(on: .shortWalk, inside, stepPeriod: walkingPace).clearlyNotWalking)
        #expect(!decision(probability: 0.3).verdict(on: .shortWalk, inside, stepPeriod: walkingPace).clearlyNotWalking)
        let stricter = decision(probability: 0.3) { $0.clearlyNotWalkingProbability = 0.4 }
        #expect(stricter.verdict(on: .shortWalk, inside, stepPeriod: walkingPace).clearlyNotWalking)
    }

    @Test func theDecisionReadsItsThresholdsFromTheDetectorsConfiguration() {
        var configuration = DetectorConfiguration()
        configuration.decision.startProbability = 0.7
        configuration.shortestStep = .milliseconds(400)
        let decision = WalkingDecision(configuration: configuration)
        #expect(decision.threshold(for: .shortWalk) == 0.7 && decision.threshold(for: .finishedShortWalk) == 0.7)
        #expect(decision.shortestStep == 0.4)
        #expect(decision.model == configuration.walkingModel)
    }

    @Test func reasonsAreNamedForTheJudgementsCSV() {
        #expect(WalkingVerdict.Reason.outsideEnvelope(feature: 2).name == "outside-envelope")
        #expect(WalkingVerdict.Reason.belowThreshold.name == "below-threshold")
        #expect(WalkingVerdict.Reason.notStillBefore.name == "not-still-before")
    }
}
