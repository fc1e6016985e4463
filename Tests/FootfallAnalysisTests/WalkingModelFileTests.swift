import Foundation
import Testing
import FootfallDetection
@testable import FootfallAnalysis

/// A walking model read from a file (a cross-validation fold's) is the model written, and a
/// file made for other features is refused with what is wrong.
struct WalkingModelFileTests {
    func write(_ object: [String: Any]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("model-\(UUID().uuidString).json").path
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return path
    }

    func file(features: [String] = WalkingFeatures.names, count: Int = WalkingFeatures.count) -> [String: Any] {
        let n = count
        // Two trees: the first splits on feature 3 at 0.5 (left 1.0, right -1.0), the second
        // is a leaf of 0.25.
        let forest: [String: Any] = ["feature": [3, -1, -1, -1], "threshold": [0.5, 0, 0, 0], "left": [1, 0, 0, 0],
                                     "right": [2, 0, 0, 0], "value": [0, 1.0, -1.0, 0.25], "roots": [0, 3]]
        return ["features": features, "forest": forest,
                "lower_bounds": [-1.0] + Array(repeating: NSNull(), count: n - 1) as [Any],
                "upper_bounds": Array(repeating: NSNull(), count: n - 1) + [3.0] as [Any],
                "policies": ["wrist": ["evidence_scale": 0.5, "evidence_bias": -1.0, "bout_start_walking": 0.2,
                                       "walking_bout_seconds": 90.0, "not_walking_spell_seconds": 300.0, "envelope_penalty": 2.0],
                             "body": ["evidence_bias": 0.5]]]
    }

    @Test func aModelFileReadsAsWritten() throws {
        let loaded = try WalkingModelFile.load(path: try write(file()))
        let model = loaded.model
        var low = WalkingFeatures(values: .zero), high = WalkingFeatures(values: .zero)
        high.values[3] = 0.75
        #expect(model.logOdds(low) == 1.25 && model.logOdds(high) == -0.75)
        low.values[3] = 0.5     // at the threshold: left
        #expect(model.logOdds(low) == 1.25)
        #expect(model.forest.roots == [0, 3])
        #expect(model.lowerBounds[0] == -1 && model.lowerBounds[1] == -.infinity)
        #expect(model.upperBounds[WalkingFeatures.count - 1] == 3 && model.upperBounds[0] == .infinity)
        // Each placement's policy as the file gives it, the defaults where it says nothing.
        #expect(model.wrist == PlacementPolicy(evidenceScale: 0.5, evidenceBias: -1, envelopePenalty: 2, boutStartWalking: 0.2,
                                               walkingBoutSeconds: 90, notWalkingSpellSeconds: 300))
        #expect(model.body == PlacementPolicy(evidenceBias: 0.5))
        #expect(model.unknown == PlacementPolicy())
        let configuration = loaded.applied(to: .default)
        #expect(configuration.walkingModel == model)
    }

    @Test func aFileWithoutPoliciesHasTheDefaultsAndOutOfRangeIsRefused() throws {
        var object = file()
        object["policies"] = nil
        let applied = try WalkingModelFile.load(path: try write(object)).applied(to: .default)
        #expect(applied.walkingModel.wrist == PlacementPolicy() && applied.walkingModel.body == PlacementPolicy())
        #expect(applied.walkingModel.forest.value == [0, 1.0, -1.0, 0.25])
        // Out of range, or a placement that is none, is refused.
        object["policies"] = ["wrist": ["bout_start_walking": 1.5]]
        #expect(throws: WalkingModelFile.LoadError.self) { try WalkingModelFile.load(path: try write(object)) }
        object["policies"] = ["ankle": ["evidence_bias": 0.5]]
        #expect(throws: WalkingModelFile.LoadError.self) { try WalkingModelFile.load(path: try write(object)) }
    }

    @Test func aModelOfOtherFeaturesIsRefused() throws {
        var names = WalkingFeatures.names
        names.swapAt(0, 1)
        let path = try write(file(features: names))
        #expect {
            try WalkingModelFile.load(path: path)
        } throws: { error in
            "\(error)".contains("are not the detector's")
        }
        let short = try write(file(features: Array(WalkingFeatures.names.dropLast()), count: WalkingFeatures.count - 1))
        #expect(throws: WalkingModelFile.LoadError.self) { try WalkingModelFile.load(path: short) }
    }

    @Test func aForestThatLoopsOrReachesOutsideIsRefused() throws {
        for (key, value) in [("left", [0, 0, 0, 0]), ("right", [9, 0, 0, 0]), ("feature", [40, -1, -1, -1])] as [(String, [Int])] {
            var object = file()
            var forest = object["forest"] as! [String: Any]
            forest[key] = value
            object["forest"] = forest
            #expect(throws: WalkingModelFile.LoadError.self, "\(key)") { try WalkingModelFile.load(path: try write(object)) }
        }
    }

    @Test func notAModelIsRefusedWithItsPath() throws {
        let path = try write(["steps": 3])
        #expect {
            try WalkingModelFile.load(path: path)
        } throws: { error in
            "\(error)".hasPrefix(path)
        }
    }
}
