import Foundation
import Testing
import FootfallAnalysis
import FootfallTestSupport
import FootfallTraces
@testable import FootfallDetection

/// The learned walking decision, on real recordings it ships with (SampleTraces): it decides
/// a walk walking, never a recording of not walking, and every judgement can be read back as
/// the sum of what each feature contributed.
struct WalkingModelTests {
    func recording(_ trace: String) throws -> DetectorRecording {
        let path = SampleTracesLocation.path(trace)
        let samples = try Recording.readSamples(path: path)
        return DetectorRecording(samples: samples, configuration: try DetectorConfiguration.default.atPlacement(ofTrace: path))
    }

    @Test func aRealWalkIsDecidedWalking() throws {
        // A phone in the hand, 278 true steps: the walk's stretches are decided walking, every
        // eighth strong step judged.
        let seen = try recording("oxford/Samsung_Dario_Hard_InHand_1.csv")
        let going = seen.judgements.filter { $0.question == .stillWalking }
        #expect(going.count > 12)
        let walking = going.filter { seen.decisions[$0.node]?.walking == true }
        #expect(Double(walking.count) >= 0.95 * Double(going.count))
    }

    @Test(arguments: ["bangle/HughB-static-0.csv", "bangle/HughB-nosteps1.csv", "bangle/extra-0.csv"])
    func realStillnessIsNeverDecidedWalking(trace: String) throws {
        let seen = try recording(trace)
        #expect(seen.decisions.values.allSatisfy { $0.walking == false })
        #expect(seen.steps.isEmpty)
    }

    @Test func everyJudgementIsTheSumOfItsContributions() throws {
        let model = WalkingModel.trained
        // Short walks (young runs' stretches) and a long walk in the hand (grown runs').
        let seen = try recording("daily/short-walks-neck-pouch.csv").judgements
            + recording("oxford/Samsung_Dario_Hard_InHand_1.csv").judgements
        #expect(seen.count > 10)
        for judgement in seen {
            // The forest's root values plus what every split on the stretch's paths added.
            let z = model.forest.baseline + model.contributions(judgement.features).sum()
            #expect(abs(1 / (1 + exp(-z)) - judgement.evidence.probability) < 1e-9)
            #expect(abs(z - judgement.evidence.logOdds) < 1e-9)
        }
    }

    @Test func theTrainedModelWasMeasuredWithTheseFeatureConstants() {
        // A constant that shapes the features changed since the model was learned: the model
        // read stretches measured otherwise. tools/walking-model/train.py learns it anew (and
        // `train.py --check` fails until it has).
        #expect(WalkingModel.trainedFeatureConstants == WalkingFeatures.Constants.fingerprint)
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
        // Every placement has a policy in range, and the evidence is not reversed.
        for placement in Placement.allCases {
            let policy = WalkingModel.trained.policy(at: placement)
            #expect(policy.evidenceScale > 0 && policy.envelopePenalty >= 0)
            #expect(policy.boutStartWalking > 0 && policy.boutStartWalking < 1)
            #expect(policy.walkingBoutSeconds > 0 && policy.notWalkingSpellSeconds > 0)
        }
    }
}
