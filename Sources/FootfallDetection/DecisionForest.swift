/// A forest of binary decision trees whose leaves, summed over the trees, are the log-odds
/// that a stretch is walking: gradient boosting, learned by tools/walking-model/train.py.
///
/// Every node of every tree lives in the same flat arrays, each tree's nodes after its root.
/// An inner node sends a stretch left when its feature is at or below the node's threshold,
/// else right; a leaf holds the tree's output. Scoring a stretch walks one path per tree, in
/// a copy of the arrays laid out for it (`ScoringLayout`), no allocation.
public struct DecisionForest: Sendable, Equatable {
    /// Per node, the feature it splits on; -1 for a leaf.
    public var feature: [Int8] { didSet { layOut() } }
    /// Per node, the split: a feature at or below it goes left (unused by leaves).
    public var threshold: [Double] { didSet { layOut() } }
    /// Per node, the index of the left child (unused by leaves).
    public var left: [Int32] { didSet { layOut() } }
    /// Per node, the index of the right child (unused by leaves).
    public var right: [Int32] { didSet { layOut() } }
    /// Per node, the tree's output were it to stop there: a leaf's output, and for an inner
    /// node the mean of its leaves over the training stretches that reached it. A path's
    /// steps between these are what each split added, which is how a score is explained.
    public var value: [Double] { didSet { layOut() } }
    /// The index of each tree's root.
    public var roots: [Int32] { didSet { layOut() } }

    /// The same trees laid out for scoring (`score`), built from the arrays above.
    var scoring = ScoringLayout()

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
        layOut()
    }

    /// A forest of no trees: it scores every stretch 0.
    public static let empty = DecisionForest(feature: [], threshold: [], left: [], right: [], value: [], roots: [])

    /// A forest of one leaf: it scores every stretch `score` (for tests and fixed models).
    public static func constant(_ score: Double) -> DecisionForest {
        DecisionForest(feature: [-1], threshold: [0], left: [0], right: [0], value: [score], roots: [0])
    }

    /// The summed output of the trees for `x`: the same sum, in the same order, as walking
    /// each tree's path through the flat arrays.
    public func score(_ x: SIMD32<Double>) -> Double {
        scoring.score(x)
    }

    mutating func layOut() {
        scoring = ScoringLayout(feature: feature, threshold: threshold, left: left, right: right, value: value, roots: roots)
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

/// A forest laid out for scoring: one 16-byte node per entry, a node's two children side by
/// side (the right one after the left), each tree's nodes together and the trees in their
/// order, and a leaf a node that leads to itself and holds the tree's output. Then a step
/// down a tree is a load, a comparison and an add, without a branch, and a tree may take
/// more steps than its path has: trees are walked `groupSize` at a time, each group as many
/// steps as its deepest tree, so the paths' loads overlap instead of waiting on each other
/// and on mispredicted branches. (300 trees of 7 leaves: 5.3 us a stretch in the flat arrays,
/// 1.5 us so.) Forests of trees of at most 8 leaves are scored by feature instead
/// (`ByFeature`): fewer instructions, and no chain of loads.
///
/// Built by `DecisionForest` from its flat arrays (train.py's format), which stay the
/// forest's definition.
struct ScoringLayout: Sendable, Equatable {
    /// A node: the lane it reads and its split, and where its children are.
    struct Node: Sendable, Equatable {
        /// The split: the lane at or below it goes to `next`, else to `next + 1`. For a leaf,
        /// the tree's output: the leaf reads the lane that holds -infinity, which is at or
        /// below any output, so it goes to `next`, itself.
        var threshold: Double
        /// The lane of the stretch's features the node reads (`leafLane` for a leaf).
        var lane: Int32
        /// The left child (the right one follows it); for a leaf, the leaf itself.
        var next: Int32
    }

    /// Trees walked together.
    static let groupSize = 8
    /// A lane past the features that always holds -infinity: what a leaf reads.
    static let leafLane: Int32 = 32

    var nodes: [Node] = []
    /// The node each tree starts at, in the forest's order.
    var roots: [Int32] = []
    /// Per group of `groupSize` trees, the steps its deepest tree takes to a leaf.
    var depths: [Int32] = []

    /// The same trees split by feature (`ByFeature`), when every tree has at most 8 leaves
    /// and there are at most `ByFeature.mostTrees` trees; nil otherwise.
    var byFeature: ByFeature?

    /// The forest's inner nodes grouped by the feature they read, each feature's in the order
    /// of their thresholds, and each tree's leaves numbered from the left (QuickScorer, Lucchese
    /// et al. 2015). A node whose test fails (the stretch goes right) rules out the leaves of
    /// its left subtree, whichever path the stretch takes; the leaf a tree's path reaches is
    /// the leftmost not ruled out by any failed node of the tree. Each feature's failed nodes
    /// are a run from the start of its list (`!(x <= threshold)` holds for the thresholds
    /// below `x`, and for all of them when `x` is not a number), so scoring is one pass per
    /// feature over that run, clearing bits in each tree's leaf mask, then one leaf per tree,
    /// summed as `TreeSum` sums: the same leaves, the same sum, without a walk down each
    /// tree's nodes one load after another.
    struct ByFeature: Sendable, Equatable {
        /// At most this many trees: their leaf masks live in a temporary buffer of one byte a tree.
        static let mostTrees = 1024
        /// Where each feature's nodes start in `thresholds` and `entries`, and (last) where they end.
        var featureStart: [Int32]
        /// Per node, its threshold, ascending within each feature.
        var thresholds: [Double]
        /// Per node, its tree (above the low 8 bits) and the mask of the leaves its failure
        /// leaves possible (the low 8 bits).
        var entries: [UInt32]
        /// Per tree, 8 slots: its leaves' outputs from the left.
        var leaves: [Double]
        /// How many trees.
        var trees: Int

        /// The layout of the trees at `roots`, or nil when a tree has more than 8 leaves, a
        /// threshold is not a number, or there are too many trees.
        init?(feature: [Int8], threshold: [Double], left: [Int32], right: [Int32], value: [Double], roots: [Int32]) {
            guard roots.count <= Self.mostTrees else { return nil }
            let count = min(feature.count, threshold.count, left.count, right.count, value.count)
            var nodes: [(feature: Int, threshold: Double, entry: UInt32)] = []
            var leaves = [Double](repeating: 0, count: 8 * roots.count)
            for (tree, root) in roots.enumerated() {
                // Depth first, left before right: leaves are numbered from the left, and each
                // inner node learns the leaves of its left subtree once that is done.
                var leafCount = 0
                var visited = 0
                // (node, leaf count when its left subtree began; -1 before it is entered)
                var stack: [(node: Int, firstLeft: Int, leftEnd: Int)] = [(Int(root), -1, -1)]
                while let top = stack.popLast() {
                    let node = top.node
                    guard node >= 0, node < count else { return nil }
                    if feature[node] < 0 {
                        visited += 1
                        guard leafCount < 8, visited <= count else { return nil }
                        leaves[8 * tree + leafCount] = value[node]
                        leafCount += 1
                        continue
                    }
                    guard feature[node] < 32, !threshold[node].isNaN else { return nil }
                    if top.firstLeft < 0 {
                        // Entering: the left subtree next, then back here.
                        visited += 1
                        guard visited <= count else { return nil }
                        stack.append((node, leafCount, -1))
                        stack.append((Int(left[node]), -1, -1))
                    } else if top.leftEnd < 0 {
                        // Left subtree done: its leaves are firstLeft..<leafCount. Now the right.
                        var ruledOut: UInt32 = 0
                        for leaf in top.firstLeft..<leafCount { ruledOut |= 1 << UInt32(leaf) }
                        nodes.append((Int(feature[node]), threshold[node], UInt32(tree) << 8 | (~ruledOut & 0xFF)))
                        stack.append((node, top.firstLeft, leafCount))
                        stack.append((Int(right[node]), -1, -1))
                    }
                    // Right subtree done: nothing more.
                }
                guard leafCount >= 1 else { return nil }
            }
            nodes.sort { $0.feature != $1.feature ? $0.feature < $1.feature : $0.threshold < $1.threshold }
            var featureStart = [Int32](repeating: 0, count: 33)
            for node in nodes { featureStart[node.feature + 1] += 1 }
            for f in 0..<32 { featureStart[f + 1] += featureStart[f] }
            self.featureStart = featureStart
            thresholds = nodes.map(\.threshold)
            entries = nodes.map(\.entry)
            self.leaves = leaves
            trees = roots.count
        }

        /// The summed output of the trees for `x` (32 lanes), summed as `TreeSum` sums.
        func score(_ x: UnsafeMutableBufferPointer<Double>) -> Double {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.mostTrees) { masks in
                let masks = masks.baseAddress!
                masks.initialize(repeating: 0xFF, count: trees)
                featureStart.withUnsafeBufferPointer { featureStart in
                    thresholds.withUnsafeBufferPointer { thresholds in
                        entries.withUnsafeBufferPointer { entries in
                            for f in 0..<32 {
                                var k = Int(featureStart[f])
                                let end = Int(featureStart[f + 1])
                                let value = x[f]
                                while k < end && !(value <= thresholds[k]) {
                                    let entry = entries[k]
                                    masks[Int(entry >> 8)] &= UInt8(truncatingIfNeeded: entry)
                                    k += 1
                                }
                            }
                        }
                    }
                }
                return leaves.withUnsafeBufferPointer { leaves in
                    @inline(__always) func leaf(_ tree: Int) -> Double { leaves[8 &* tree &+ masks[tree].trailingZeroBitCount] }
                    var sum = ScoringLayout.TreeSum()
                    var tree = 0
                    while tree &+ 4 <= trees {
                        sum.add(SIMD4(leaf(tree), leaf(tree &+ 1), leaf(tree &+ 2), leaf(tree &+ 3)))
                        tree &+= 4
                    }
                    while tree < trees {
                        sum.add(leaf(tree), tree: tree)
                        tree &+= 1
                    }
                    return sum.total
                }
            }
        }
    }

    init() {}

    init(feature: [Int8], threshold: [Double], left: [Int32], right: [Int32], value: [Double], roots treeRoots: [Int32]) {
        let count = min(feature.count, threshold.count, left.count, right.count, value.count)
        var treeDepths: [Int32] = []
        for root in treeRoots {
            // Each tree's nodes breadth first: a node's children get two slots side by side.
            var queue = [(original: Int(root), depth: Int32(0))]
            var slot = nodes.count
            roots.append(Int32(slot))
            nodes.append(Node(threshold: 0, lane: Self.leafLane, next: Int32(slot)))
            var deepest: Int32 = 0
            var head = 0
            while head < queue.count {
                let (original, depth) = queue[head]
                head += 1
                precondition(original >= 0 && original < count, "a forest's child or root index is out of range")
                precondition(feature[original] < 32, "a forest's node splits on a feature past the 32 lanes")
                if feature[original] < 0 {
                    precondition(!value[original].isNaN, "a forest's leaf holds a number")
                    nodes[slot] = Node(threshold: value[original], lane: Self.leafLane, next: Int32(slot))
                    deepest = max(deepest, depth)
                } else {
                    let children = nodes.count
                    nodes[slot] = Node(threshold: threshold[original], lane: Int32(feature[original]), next: Int32(children))
                    nodes.append(Node(threshold: 0, lane: Self.leafLane, next: Int32(children)))
                    nodes.append(Node(threshold: 0, lane: Self.leafLane, next: Int32(children + 1)))
                    queue.append((Int(left[original]), depth + 1))
                    queue.append((Int(right[original]), depth + 1))
                }
                // Slots are handed out in the queue's order: the next node in the queue is the next slot.
                slot += 1
            }
            treeDepths.append(deepest)
        }
        for group in stride(from: 0, to: treeDepths.count, by: Self.groupSize) {
            depths.append(treeDepths[group..<min(group + Self.groupSize, treeDepths.count)].max() ?? 0)
        }
        byFeature = ByFeature(feature: feature, threshold: threshold, left: left, right: right, value: value, roots: treeRoots)
    }

    /// The summed output of the trees for `features`, summed as `TreeSum` sums (both layouts
    /// give the same bits).
    func score(_ features: SIMD32<Double>) -> Double {
        // The lanes a node reads, in memory (a SIMD32 indexed by a variable lane would be
        // stored whole at every node): the features, then the leaves' lane. On the stack, and
        // walked with plain loops and pointers: the judgement allocates nothing, even unoptimised.
        var lanes = Lanes(features: features)
        return withUnsafeMutablePointer(to: &lanes) { lanes in
            lanes.withMemoryRebound(to: Double.self, capacity: Int(Self.leafLane) + 1) { x in
                if let byFeature {
                    return byFeature.score(UnsafeMutableBufferPointer(start: x, count: Int(Self.leafLane) + 1))
                }
                return nodes.withUnsafeBufferPointer { nodes in
                    roots.withUnsafeBufferPointer { roots in
                        depths.withUnsafeBufferPointer { depths in
                            Self.sum(x: x, nodes: nodes.baseAddress!, roots: roots, depths: depths)
                        }
                    }
                }
            }
        }
    }

    /// The features and the leaves' lane, side by side in memory.
    struct Lanes {
        var features: SIMD32<Double>
        var leaf = -Double.infinity
    }

    @inline(__always)
    static func step(_ node: Int, _ x: UnsafePointer<Double>, _ nodes: UnsafePointer<Node>) -> Int {
        let n = nodes[node]
        return Int(n.next) &+ (x[Int(n.lane)] <= n.threshold ? 0 : 1)
    }

    static func sum(x: UnsafePointer<Double>, nodes: UnsafePointer<Node>, roots: UnsafeBufferPointer<Int32>,
                    depths: UnsafeBufferPointer<Int32>) -> Double {
        var sum = TreeSum()
        let trees = roots.count
        let whole = trees - trees % groupSize
        var tree = 0
        while tree < whole {
            var a = Int(roots[tree]), b = Int(roots[tree + 1])
            var c = Int(roots[tree + 2]), d = Int(roots[tree + 3])
            var e = Int(roots[tree + 4]), f = Int(roots[tree + 5])
            var g = Int(roots[tree + 6]), h = Int(roots[tree + 7])
            var remaining = Int(depths[tree / groupSize])
            while remaining > 0 {
                a = step(a, x, nodes)
                b = step(b, x, nodes)
                c = step(c, x, nodes)
                d = step(d, x, nodes)
                e = step(e, x, nodes)
                f = step(f, x, nodes)
                g = step(g, x, nodes)
                h = step(h, x, nodes)
                remaining -= 1
            }
            sum.add(SIMD4(nodes[a].threshold, nodes[b].threshold, nodes[c].threshold, nodes[d].threshold))
            sum.add(SIMD4(nodes[e].threshold, nodes[f].threshold, nodes[g].threshold, nodes[h].threshold))
            tree += groupSize
        }
        while tree < trees {
            var a = Int(roots[tree])
            var remaining = Int(depths[tree / groupSize])
            while remaining > 0 {
                a = step(a, x, nodes)
                remaining -= 1
            }
            sum.add(nodes[a].threshold, tree: tree)
            tree += 1
        }
        return sum.total
    }

    /// The trees' outputs summed in four running sums, tree k's into sum k % 4, each in the
    /// trees' order, then combined as (0 + 1) + (2 + 3): one long chain of additions would
    /// wait on each one in turn (the sum's bits are fixed by this order, whichever layout
    /// finds the leaves).
    struct TreeSum {
        var partial = SIMD4<Double>.zero

        /// Adds four trees' outputs, of trees 4k to 4k + 3.
        @inline(__always)
        mutating func add(_ outputs: SIMD4<Double>) { partial += outputs }

        /// Adds one tree's output.
        @inline(__always)
        mutating func add(_ output: Double, tree: Int) { partial[tree & 3] += output }

        var total: Double { (partial[0] + partial[1]) + (partial[2] + partial[3]) }
    }
}
