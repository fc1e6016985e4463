import Foundation
import FootfallDetection

/// A walking model in a JSON file, as tools/walking-model writes one for each
/// cross-validation fold (and for experiments): `footfall bench --walking-model FILE`.
///
/// `{"features": [names], "means": [...], "scales": [...], "weights": [...], "bias": b,
/// "lower_bounds": [...], "upper_bounds": [...], "start_probability": p,
/// "continue_probability": q}` (a bound may be null; the probabilities may be left out); the
/// feature names must be the detector's own (`WalkingFeatures.names`), in its order, so a model
/// trained on other features is refused rather than misread. The probabilities are not the
/// model's but the walking decision's thresholds the fold was cross-validated with: applied to
/// a configuration (`applied(to:)`), they set its start and continue thresholds.
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
    /// The probability a short walk needs to start (`WalkingDecision.Configuration.startProbability`),
    /// if the file gives one.
    public var startProbability: Double?
    /// The probability below which a walk going is judged not walking
    /// (`WalkingDecision.Configuration.continueProbability`), if the file gives one.
    public var continueProbability: Double?

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
    public static func load(path: String) throws(LoadError) -> WalkingModelFile {
        let file: WalkingModelFile
        do {
            file = try JSONDecoder().decode(WalkingModelFile.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw LoadError(path: path, problem: "not a walking model file (\(error))")
        }
        try file.check(path: path)
        return file
    }

    /// Checks the features against the detector's, and the numbers.
    func check(path: String) throws(LoadError) {
        guard features == WalkingFeatures.names else {
            throw LoadError(path: path, problem: "its features \(features) are not the detector's \(WalkingFeatures.names)")
        }
        let n = features.count
        guard means.count == n, scales.count == n, weights.count == n, lowerBounds.count == n, upperBounds.count == n else {
            throw LoadError(path: path, problem: "means, scales, weights and bounds must each have \(n) values")
        }
        for probability in [startProbability, continueProbability] {
            guard probability.map({ (0...1).contains($0) }) ?? true else {
                throw LoadError(path: path, problem: "the probabilities must be between 0 and 1")
            }
        }
    }

    /// The model (of a checked file).
    public var model: WalkingModel {
        var m = SIMD32<Double>.zero, s = SIMD32<Double>(repeating: 1), w = SIMD32<Double>.zero
        var low = SIMD32<Double>(repeating: -.infinity), high = SIMD32<Double>(repeating: .infinity)
        for i in 0..<features.count {
            m[i] = means[i]
            s[i] = scales[i]
            w[i] = weights[i]
            low[i] = lowerBounds[i] ?? -.infinity
            high[i] = upperBounds[i] ?? .infinity
        }
        return WalkingModel(means: m, scales: s, weights: w, bias: bias, lowerBounds: low, upperBounds: high)
    }

    /// `configuration` with this file's model, and the decision's start and continue
    /// thresholds the file gives.
    public func applied(to configuration: DetectorConfiguration) -> DetectorConfiguration {
        var copy = configuration
        copy.walkingModel = model
        if let startProbability { copy.decision.startProbability = startProbability }
        if let continueProbability { copy.decision.continueProbability = continueProbability }
        return copy
    }
}
