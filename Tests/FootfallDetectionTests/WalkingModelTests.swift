import Foundation
import Testing
import FootfallAnalysis
import FootfallTestSupport
import FootfallTraces
@testable import FootfallDetection

/// The learned walking decision, on real recordings it ships with (SampleTraces): it says
/// walking on a walk, never on a recording of not walking, and every judgement can be read back
/// as the sum of what each feature contributed.
struct WalkingModelTests {
    func judgements(_ trace: String) throws -> [GateJudgement] {
        let samples = try Recording.readSamples(path: SampleTracesLocation.path(trace))
        return DetectorRecording(samples: samples).judgements
    }

    @Test func aRealWalkIsJudgedWalking() throws {
        // A phone in the hand, 278 true steps: the walk is kept at nearly every judgement (one
        // every fourth strong step, or every eighth while the model is sure of it).
        let seen = try judgements("oxford/Samsung_Dario_Hard_InHand_1.csv")
        let going = seen.filter { $0.question.keepsAWalk }
        #expect(going.count > 25)
        #expect(Double(going.filter(\.walking).count) >= 0.95 * Double(going.count))
    }

    @Test(arguments: ["bangle/HughB-static-0.csv", "bangle/HughB-nosteps1.csv", "bangle/extra-0.csv"])
    func realStillnessIsNeverJudgedWalking(trace: String) throws {
        #expect(try judgements(trace).allSatisfy { !$0.walking })
    }

    @Test func everyJudgementIsTheSumOfItsContributions() throws {
        let model = WalkingModel.trained
        let seen = try judgements("daily/short-walks-neck-pouch.csv")
        #expect(seen.count > 10)
        for judgement in seen {
            // The forest's root values plus what every split on the stretch's paths added.
            let z = model.forest.baseline + model.contributions(judgement.features).sum()
            let probability = model.outsideEnvelope(judgement.features) == nil ? 1 / (1 + exp(-z)) : 0
            #expect(abs(probability - judgement.probability) < 1e-9)
            #expect(judgement.walking == (judgement.probability >= DetectorConfiguration.default.decision.startProbability)
                    || judgement.question.keepsAWalk || judgement.question == .resumed
                    || judgement.question == .finishedShortWalk)
        }
    }

    @Test func theTrainedModelIsComplete() {
        let forest = WalkingModel.trained.forest
        #expect(WalkingFeatures.count <= 32)
        #expect(forest.roots.count >= 10)
        // Splits only on features the detector fills, children after their parent (no loop).
        for i in forest.feature.indices where forest.feature[i] >= 0 {
            #expect(Int(forest.feature[i]) < WalkingFeatures.count)
            #expect(forest.left[i] > i && forest.right[i] > i)
        }
        // A walk going is held to less than one starting.
        let decision = DetectorConfiguration.default.decision
        #expect(decision.continueProbability <= decision.startProbability)
    }
}
