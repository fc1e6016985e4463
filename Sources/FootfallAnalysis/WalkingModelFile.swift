import Foundation
import FootfallDetection

/// A walking model in a JSON file, as tools/walking-model writes one for each
/// cross-validation fold (and for experiments): `footfall bench --walking-model FILE`.
///
/// `{"features": [names], "means": [...], "scales": [...], "weights": [...], "bias": b,
/// "lower_bounds": [...], "upper_bounds": [...], "start_probability": p,
/// "continue_probability": q}` (a bound may be null); the feature names must be the
/// detector's own (`WalkingFeatures.names`), in its order, so a model trained on other
/// features is refused rather than misread.
public struct WalkingModelFile: Codable, Sendable, Equatable {
    /// The features the model was trained on, in order.
    public var features: [String]
    /// Per feature, the mean it is centred on.
    public var means: [Double]
    /// Per feature, the scale it is divided by.
    public var scales: [Double]
    /// Per feature, its weight.
    public var weights: [Double]
    /// The log-odds at the means.
    public var bias: Double
    /// Per feature, the lowest value real walking showed (null: none).
    public var lowerBounds: [Double?]
    /// Per feature, the highest value real walking showed (null: none).
    public var upperBounds: [Double?]
    /// The probability needed to start a walk.
    public var startProbability: Double
    /// The probability below which a walk going is judged not walking.
    public var continueProbability: Double

    enum CodingKeys: String, CodingKey {
        case features, means, scales, weights, bias
        case lowerBounds = "lower_bounds"
        case upperBounds = "upper_bounds"
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

    /// The model, after checking the features against the detector's.
    func model(path: String) throws(LoadError) -> WalkingModel {
        guard features == WalkingFeatures.names else {
            throw LoadError(path: path, problem: "its features \(features) are not the detector's \(WalkingFeatures.names)")
        }
        let n = features.count
        guard means.count == n, scales.count == n, weights.count == n, lowerBounds.count == n, upperBounds.count == n else {
            throw LoadError(path: path, problem: "means, scales, weights and bounds must each have \(n) values")
        }
        guard (0...1).contains(startProbability), (0...1).contains(continueProbability) else {
            throw LoadError(path: path, problem: "the probabilities must be between 0 and 1")
        }
        var m = SIMD32<Double>.zero, s = SIMD32<Double>(repeating: 1), w = SIMD32<Double>.zero
        var low = SIMD32<Double>(repeating: -.infinity), high = SIMD32<Double>(repeating: .infinity)
        for i in 0..<n {
            m[i] = means[i]
            s[i] = scales[i]
            w[i] = weights[i]
            low[i] = lowerBounds[i] ?? -.infinity
            high[i] = upperBounds[i] ?? .infinity
        }
        return WalkingModel(means: m, scales: s, weights: w, bias: bias, lowerBounds: low, upperBounds: high,
                            startProbability: startProbability, continueProbability: continueProbability)
    }
}
