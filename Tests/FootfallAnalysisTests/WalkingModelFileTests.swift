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
                "start_probability": 0.6, "continue_probability": 0.3]
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
        // The thresholds the fold was cross-validated with are the decision's, not the model's.
        let configuration = loaded.applied(to: .default)
        #expect(configuration.walkingModel == model)
        #expect(configuration.decision.startProbability == 0.6 && configuration.decision.continueProbability == 0.3)
    }

    @Test func aFileWithoutThresholdsLeavesTheDecisionsAlone() throws {
        var object = file()
        object["start_probability"] = nil
        object["continue_probability"] = nil
        var configuration = DetectorConfiguration()
        configuration.decision.startProbability = 0.55
        let applied = try WalkingModelFile.load(path: try write(object)).applied(to: configuration)
        #expect(applied.decision == configuration.decision)
        #expect(applied.walkingModel.forest.value == [0, 1.0, -1.0, 0.25])
        // Out of range is refused.
        object["start_probability"] = 1.5
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
