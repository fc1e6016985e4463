import Foundation
import Testing
@testable import FootfallDetection

/// The walking decision turns a stretch's features into evidence: the forest's log-odds as the
/// placement's policy calibrates them, lowered, never refused, outside the walking envelope;
/// the placement comes from the configuration, not from the features.
struct WalkingDecisionTests {
    /// A model whose forest says `logOdds` everywhere, whose envelope bounds feature 3 above
    /// at 1, and whose policies differ at the wrist and on the body.
    func configuration(logOdds: Double, at placement: Placement) -> DetectorConfiguration {
        var upper = SIMD32<Double>(repeating: .infinity)
        upper[3] = 1
        var configuration = DetectorConfiguration()
        configuration.placement = placement
        configuration.walkingModel = WalkingModel(
            forest: .constant(logOdds), upperBounds: upper,
            wrist: PlacementPolicy(evidenceScale: 0.5, evidenceBias: -1, envelopePenalty: 3),
            body: PlacementPolicy(evidenceScale: 1, evidenceBias: 0, envelopePenalty: 2))
        return configuration
    }

    let inside = WalkingFeatures(values: .zero)
    let outside: WalkingFeatures = {
        var values = SIMD32<Double>.zero
        values[3] = 2
        return WalkingFeatures(values: values)
    }()
    let walkingPace = 0.55

    @Test func theEvidenceIsTheForestCalibratedForThePlacement() {
        let body = WalkingDecision(configuration: configuration(logOdds: 4, at: .body))
        let wrist = WalkingDecision(configuration: configuration(logOdds: 4, at: .wrist))
        #expect(body.evidence(inside, stepPeriod: walkingPace).evidence == 4)
        #expect(wrist.evidence(inside, stepPeriod: walkingPace).evidence == 1)
        // The forest's own reading is the same either way.
        #expect(abs(wrist.evidence(inside, stepPeriod: walkingPace).probability - 1 / (1 + exp(-4))) < 1e-12)
    }

    @Test func thePlacementIsTheConfigurationsNotAFeatureLanes() {
        // Features that carry the wrist's value in their placement lane, measured for a device
        // configured on the body: the body's policy and envelope.
        var values = SIMD32<Double>.zero
        values[WalkingFeatures.names.firstIndex(of: "placement_wrist")!] = 1
        let body = WalkingDecision(configuration: configuration(logOdds: 4, at: .body))
        #expect(body.evidence(WalkingFeatures(values: values), stepPeriod: walkingPace).evidence == 4)
        #expect(body.placement == .body && body.policy == body.model.body)
    }

    @Test func outsideTheEnvelopeTheEvidenceIsLoweredAndNothingIsRefused() {
        let body = WalkingDecision(configuration: configuration(logOdds: 4, at: .body))
        let evidence = body.evidence(outside, stepPeriod: walkingPace)
        #expect(evidence.outsideEnvelope == 3)
        #expect(evidence.evidence == 2)
        #expect(evidence.refusal == nil)
        // The forest's probability is the forest's: the envelope is no veto.
        #expect(body.model.probability(outside) > 0.98)
        // A walk strongly evidenced stays walking evidence just outside it.
        #expect(evidence.evidence > 0)
    }

    @Test func stepsFasterThanAnyoneWalksAreEvidenceAgainstWalkingWhateverTheModelSays() {
        let decision = WalkingDecision(configuration: configuration(logOdds: 8, at: .body))
        #expect(decision.evidence(inside, stepPeriod: 0.25).evidence == WalkingDecision.fasterThanWalkingEvidence)
        #expect(decision.evidence(inside, stepPeriod: .nan).evidence == WalkingDecision.fasterThanWalkingEvidence)
        #expect(decision.evidence(inside, stepPeriod: 0.31).evidence == 8)
    }

    @Test func aFinishedWalkMustStartAndEndQuieterThanItWalked() {
        // The motion before the first step and after the last at most the steps' own.
        let decision = WalkingDecision(configuration: configuration(logOdds: 2, at: .body))
        func reason(_ steps: Double, _ before: Double, _ after: Double) -> CandidateOutcome.Reason? {
            decision.notStanding(.init(steps: steps, before: before, after: after))
        }
        #expect(reason(1, 1, 1) == nil)
        #expect(reason(1, 0.6, 0.2) == nil)  // getting up just before the first step
        #expect(reason(1, 1.2, 0.1) == .notStill)
        #expect(reason(1, 0.1, 1.2) == .notStill)
        #expect(reason(0, 0, 0) == .notStill)
        var stricter = configuration(logOdds: 2, at: .body)
        stricter.selection.finishedWalkStillness = 0.3
        #expect(WalkingDecision(configuration: stricter).notStanding(.init(steps: 1, before: 0.6, after: 0.1)) == .notStill)
    }

    @Test func theDecisionReadsTheDetectorsConfiguration() {
        var configuration = configuration(logOdds: 1, at: .wrist)
        configuration.shortestStep = .milliseconds(400)
        let decision = WalkingDecision(configuration: configuration)
        #expect(decision.shortestStep == 0.4)
        #expect(decision.model == configuration.walkingModel)
        #expect(decision.policy == configuration.walkingModel.wrist)
    }

    @Test func reasonsAreNamedForTheCandidatesCSV() {
        #expect(CandidateOutcome.Reason.walking(posterior: 0.9).name == "walking")
        #expect(CandidateOutcome.Reason.notWalking(posterior: 0.1).name == "not-walking")
        #expect(CandidateOutcome.Reason.secondBump.name == "second-bump")
        #expect(CandidateOutcome.Reason.notStill.name == "not-still")
        #expect(CandidateOutcome.Reason.walking(posterior: 0.9).counted && !CandidateOutcome.Reason.tooFewSteps.counted)
    }
}
