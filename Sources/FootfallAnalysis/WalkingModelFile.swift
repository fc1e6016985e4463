import Foundation
import FootfallDetection

/// A walking model in a JSON file, as tools/walking-model writes one for each
/// cross-validation fold (and for experiments): `footfall bench --walking-model FILE`.
///
/// `{"features": [names], "forest": {"feature": [...], "threshold": [...], "left": [...],
/// "right": [...], "value": [...], "roots": [...]}, "lower_bounds": [...], "upper_bounds":
/// [...], "start_probability": p, "continue_probability": q}` (a bound may be null; the
/// forest's arrays are `DecisionForest`'s); the feature names must be the detector's own
/// (`WalkingFeatures.names`), in its order, so a model trained on other features is refused
/// rather than misread.
public struct WalkingModelFile: Codable, Sendable, Equatable {
    /// The features the model was trained on, in order.
    public var features: [String]
    /// The trees, as `DecisionForest`'s flat arrays.
    public var forest: Forest
    /// Per feature, the lowest value real walking showed (null: none).
    public var lowerBounds: [Double?]
    /// Per feature, the highest value real walking showed (null: none).
    public var upperBounds: [Double?]
    /// Per feature, the highest value real walking showed at the wrist (null: none; the whole
    /// list may be absent).
    public var wristUpperBounds: [Double?]?
    /// The probability needed to start a walk.
    public var startProbability: Double
    /// The probability below which a walk going is judged not walking.
    public var continueProbability: Double

    /// `DecisionForest`'s arrays as JSON holds them.
    public struct Forest: Codable, Sendable, Equatable {
        public var feature: [Int]
        public var threshold: [Double]
        public var left: [Int]
        public var right: [Int]
        public var value: [Double]
        public var roots: [Int]
    }

    enum CodingKeys: String, CodingKey {
        case features, forest
        case lowerBounds = "lower_bounds"
        case upperBounds = "upper_bounds"
        case wristUpperBounds = "wrist_upper_bounds"
        case startProbability = "start_probability"
        case continueProbability = "continue_probability"
    }

    /// Why a model file was refused.
    public struct LoadError: Error, CustomStringConvertible {
        /// The file.
        public var path: String
        /// What is wrong with it.
        public var problem: String
        public var description: String { "\(path): \(problem)" }
    }

    /// Reads and checks a model file.
    /// - Throws: `LoadError` naming the file and what is wrong.
    public static func load(path: String) throws(LoadError) -> WalkingModel {
        let file: WalkingModelFile
        do {
            file = try JSONDecoder().decode(WalkingModelFile.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw LoadError(path: path, problem: "not a walking model file (\(error))")
        }
        return try file.model(path: path)
    }

    /// The model, after checking the features against the detector's and the forest's
    /// arrays against each other.
    func model(path: String) throws(LoadError) -> WalkingModel {
        guard features == WalkingFeatures.names else {
            throw LoadError(path: path, problem: "its features \(features) are not the detector's \(WalkingFeatures.names)")
        }
        let n = features.count
        guard lowerBounds.count == n, upperBounds.count == n, (wristUpperBounds?.count ?? n) == n else {
            throw LoadError(path: path, problem: "the bounds must each have \(n) values")
        }
        guard (0...1).contains(startProbability), (0...1).contains(continueProbability) else {
            throw LoadError(path: path, problem: "the probabilities must be between 0 and 1")
        }
        let f = forest, nodes = f.feature.count
        guard f.threshold.count == nodes, f.left.count == nodes, f.right.count == nodes, f.value.count == nodes else {
            throw LoadError(path: path, problem: "the forest's arrays must each have one entry per node (\(nodes))")
        }
        for i in 0..<nodes where f.feature[i] >= 0 {
            guard f.feature[i] < n, (0..<nodes).contains(f.left[i]), (0..<nodes).contains(f.right[i]),
                  f.left[i] > i, f.right[i] > i else {
                throw LoadError(path: path, problem: "node \(i) names a feature or a child that does not exist (or lies before it)")
            }
        }
        guard f.roots.allSatisfy({ (0..<nodes).contains($0) }) else {
            throw LoadError(path: path, problem: "a tree's root lies outside the forest")
        }
        var low = SIMD32<Double>(repeating: -.infinity), high = SIMD32<Double>(repeating: .infinity)
        var wristHigh = SIMD32<Double>(repeating: .infinity)
        for i in 0..<n {
            low[i] = lowerBounds[i] ?? -.infinity
            high[i] = upperBounds[i] ?? .infinity
            wristHigh[i] = wristUpperBounds?[i] ?? .infinity
        }
        let forest = DecisionForest(feature: f.feature.map { Int8($0) }, threshold: f.threshold,
                                    left: f.left.map { Int32($0) }, right: f.right.map { Int32($0) },
                                    value: f.value, roots: f.roots.map { Int32($0) })
        return WalkingModel(forest: forest, lowerBounds: low, upperBounds: high, wristUpperBounds: wristHigh,
                            startProbability: startProbability, continueProbability: continueProbability)
    }
}
