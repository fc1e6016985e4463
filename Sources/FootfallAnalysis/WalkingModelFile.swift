import Foundation
import FootfallDetection

/// A walking model in a JSON file, as tools/walking-model writes one for each
/// cross-validation fold (and for experiments): `footfall bench --walking-model FILE`.
///
/// `{"features": [names], "forest": {"feature": [...], "threshold": [...], "left": [...],
/// "right": [...], "value": [...], "roots": [...]}, "lower_bounds": [...], "upper_bounds":
/// [...], "wrist_upper_bounds": [...], "policies": {"wrist": {...}, "body": {...},
/// "unknown": {...}}}` (a bound may be null, the wrist's bounds and the policies may be left
/// out; the forest's arrays are `DecisionForest`'s; a policy holds `PlacementPolicy`'s numbers:
/// `evidence_scale`, `evidence_bias`, `envelope_penalty`, `bout_start_walking`,
/// `walking_bout_seconds`, `not_walking_spell_seconds`, each optional); the feature names must
/// be the detector's own (`WalkingFeatures.names`), in its order, so a model trained on other
/// features is refused rather than misread.
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
    /// How evidence is weighed at each placement ("wrist", "body", "unknown"), if the file says.
    public var policies: [String: Policy]?

    /// A `PlacementPolicy` as JSON holds it; a number left out is the policy's default.
    public struct Policy: Codable, Sendable, Equatable {
        public var evidenceScale: Double?
        public var evidenceBias: Double?
        public var envelopePenalty: Double?
        public var boutStartWalking: Double?
        public var walkingBoutSeconds: Double?
        public var notWalkingSpellSeconds: Double?

        enum CodingKeys: String, CodingKey {
            case evidenceScale = "evidence_scale"
            case evidenceBias = "evidence_bias"
            case envelopePenalty = "envelope_penalty"
            case boutStartWalking = "bout_start_walking"
            case walkingBoutSeconds = "walking_bout_seconds"
            case notWalkingSpellSeconds = "not_walking_spell_seconds"
        }

        /// The policy, defaults where the file says nothing.
        var policy: PlacementPolicy {
            let defaults = PlacementPolicy()
            return PlacementPolicy(evidenceScale: evidenceScale ?? defaults.evidenceScale,
                                   evidenceBias: evidenceBias ?? defaults.evidenceBias,
                                   envelopePenalty: envelopePenalty ?? defaults.envelopePenalty,
                                   boutStartWalking: boutStartWalking ?? defaults.boutStartWalking,
                                   walkingBoutSeconds: walkingBoutSeconds ?? defaults.walkingBoutSeconds,
                                   notWalkingSpellSeconds: notWalkingSpellSeconds ?? defaults.notWalkingSpellSeconds)
        }
    }

    /// `DecisionForest`'s arrays as JSON holds them.
    public struct Forest: Codable, Sendable, Equatable {
        /// Per node, the feature split on; -1 for a leaf.
        public var feature: [Int]
        /// Per node, the split.
        public var threshold: [Double]
        /// Per node, the left child.
        public var left: [Int]
        /// Per node, the right child.
        public var right: [Int]
        /// Per node, the output were the tree to stop there.
        public var value: [Double]
        /// Each tree's root.
        public var roots: [Int]
    }

    enum CodingKeys: String, CodingKey {
        case features, forest
        case lowerBounds = "lower_bounds"
        case upperBounds = "upper_bounds"
        case wristUpperBounds = "wrist_upper_bounds"
        case policies
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

    /// Checks the features against the detector's, the bounds' and the forest's arrays
    /// against each other, and the numbers.
    func check(path: String) throws(LoadError) {
        guard features == WalkingFeatures.names else {
            throw LoadError(path: path, problem: "its features \(features) are not the detector's \(WalkingFeatures.names)")
        }
        let n = features.count
        guard lowerBounds.count == n, upperBounds.count == n, (wristUpperBounds?.count ?? n) == n else {
            throw LoadError(path: path, problem: "the bounds must each have \(n) values")
        }
        for (name, policy) in policies ?? [:] {
            guard Placement(rawValue: name) != nil else {
                throw LoadError(path: path, problem: "a policy for '\(name)', which is no placement (wrist, body, unknown)")
            }
            guard policy.boutStartWalking.map({ $0 > 0 && $0 < 1 }) ?? true,
                  policy.walkingBoutSeconds.map({ $0 > 0 }) ?? true, policy.notWalkingSpellSeconds.map({ $0 > 0 }) ?? true,
                  policy.envelopePenalty.map({ $0 >= 0 }) ?? true,
                  [policy.evidenceScale, policy.evidenceBias].allSatisfy({ $0?.isFinite ?? true }) else {
                throw LoadError(path: path, problem: "the \(name) policy's numbers are out of range (a bout's start "
                                    + "probability between 0 and 1, bouts and spells longer than 0 s, a penalty of 0 or more)")
            }
        }
        let f = forest, nodes = f.feature.count
        guard f.threshold.count == nodes, f.left.count == nodes, f.right.count == nodes, f.value.count == nodes else {
            throw LoadError(path: path, problem: "the forest's arrays must each have one entry per node (\(nodes))")
        }
        for i in 0..<nodes where f.feature[i] >= 0 {
            // Children after their parent: no tree loops back on itself.
            guard f.feature[i] < n, (0..<nodes).contains(f.left[i]), (0..<nodes).contains(f.right[i]),
                  f.left[i] > i, f.right[i] > i else {
                throw LoadError(path: path, problem: "node \(i) names a feature or a child that does not exist (or lies before it)")
            }
        }
        guard f.roots.allSatisfy({ (0..<nodes).contains($0) }) else {
            throw LoadError(path: path, problem: "a tree's root lies outside the forest")
        }
    }

    /// The model (of a checked file).
    public var model: WalkingModel {
        var low = SIMD32<Double>(repeating: -.infinity), high = SIMD32<Double>(repeating: .infinity)
        var wristHigh = SIMD32<Double>(repeating: .infinity)
        for i in 0..<features.count {
            low[i] = lowerBounds[i] ?? -.infinity
            high[i] = upperBounds[i] ?? .infinity
            wristHigh[i] = wristUpperBounds?[i] ?? .infinity
        }
        let trees = DecisionForest(feature: forest.feature.map { Int8($0) }, threshold: forest.threshold,
                                   left: forest.left.map { Int32($0) }, right: forest.right.map { Int32($0) },
                                   value: forest.value, roots: forest.roots.map { Int32($0) })
        func policy(_ placement: Placement) -> PlacementPolicy { policies?[placement.rawValue]?.policy ?? PlacementPolicy() }
        return WalkingModel(forest: trees, lowerBounds: low, upperBounds: high, wristUpperBounds: wristHigh,
                            wrist: policy(.wrist), body: policy(.body), unknown: policy(.unknown))
    }

    /// `configuration` with this file's model.
    public func applied(to configuration: DetectorConfiguration) -> DetectorConfiguration {
        var copy = configuration
        copy.walkingModel = model
        return copy
    }
}
