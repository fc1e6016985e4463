/// A forest of binary decision trees whose leaves, summed over the trees, are the log-odds
/// that a stretch is walking: gradient boosting, learned by tools/walking-model/train.py.
///
/// Every node of every tree lives in the same flat arrays, each tree's nodes after its root.
/// An inner node sends a stretch left when its feature is at or below the node's threshold,
/// else right; a leaf holds the tree's output. Scoring a stretch walks one path per tree: a
/// comparison and a load per level, no allocation.
public struct DecisionForest: Sendable, Equatable {
    /// Per node, the feature it splits on; -1 for a leaf.
    public var feature: [Int8]
    /// Per node, the split: a feature at or below it goes left (unused by leaves).
    public var threshold: [Double]
    /// Per node, the index of the left child (unused by leaves).
    public var left: [Int32]
    /// Per node, the index of the right child (unused by leaves).
    public var right: [Int32]
    /// Per node, the tree's output were it to stop there: a leaf's output, and for an inner
    /// node the mean of its leaves over the training stretches that reached it. A path's
    /// steps between these are what each split added, which is how a score is explained.
    public var value: [Double]
    /// The index of each tree's root.
    public var roots: [Int32]

    /// Creates a forest from its flat arrays (all but `roots` one entry per node).
    public init(feature: [Int8], threshold: [Double], left: [Int32], right: [Int32], value: [Double], roots: [Int32]) {
        precondition(threshold.count == feature.count && left.count == feature.count && right.count == feature.count
                     && value.count == feature.count, "a forest needs one entry per node in every array")
        self.feature = feature
        self.threshold = threshold
        self.left = left
        self.right = right
        self.value = value
        self.roots = roots
    }

    /// A forest of no trees: it scores every stretch 0.
    public static let empty = DecisionForest(feature: [], threshold: [], left: [], right: [], value: [], roots: [])

    /// A forest of one leaf: it scores every stretch `score` (for tests and fixed models).
    public static func constant(_ score: Double) -> DecisionForest {
        DecisionForest(feature: [-1], threshold: [0], left: [0], right: [0], value: [score], roots: [0])
    }

    /// The summed output of the trees for `x`.
    public func score(_ x: SIMD32<Double>) -> Double {
        feature.withUnsafeBufferPointer { feature in
            threshold.withUnsafeBufferPointer { threshold in
                left.withUnsafeBufferPointer { left in
                    right.withUnsafeBufferPointer { right in
                        value.withUnsafeBufferPointer { value in
                            var total = 0.0
                            for root in roots {
                                var node = Int(root)
                                while feature[node] >= 0 {
                                    node = Int(x[Int(feature[node])] <= threshold[node] ? left[node] : right[node])
                                }
                                total += value[node]
                            }
                            return total
                        }
                    }
                }
            }
        }
    }

    /// Each feature's part of the score for `x`: along each tree's path, what every split
    /// added to the tree's output, credited to the feature it split on (Saabas's method). The
    /// parts sum to the score less the trees' root values.
    public func contributions(_ x: SIMD32<Double>) -> SIMD32<Double> {
        var parts = SIMD32<Double>.zero
        for root in roots {
            var node = Int(root)
            while feature[node] >= 0 {
                let f = Int(feature[node])
                let next = Int(x[f] <= threshold[node] ? left[node] : right[node])
                parts[f] += value[next] - value[node]
                node = next
            }
        }
        return parts
    }

    /// The sum of the trees' root values: the score of a stretch about which no split says anything.
    public var baseline: Double {
        roots.reduce(0) { $0 + value[Int($1)] }
    }
}
