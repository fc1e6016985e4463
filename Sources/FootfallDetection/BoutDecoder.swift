/// Decides whether each judged stretch of a bout is walking, from the evidence of every stretch
/// of the bout: a hidden Markov model over the stretches, smoothed forward and backward.
///
/// A walk does not stop and start between two stretches because one of them looked less like
/// walking: a stretch judged walking three seconds ago and three seconds later was probably
/// walking in between. So walking is a hidden state, walking or not, that changes between
/// stretches at the rates `PlacementPolicy` gives (a continuous-time chain: the longer apart
/// two stretches are, the likelier the state changed), and each stretch's evidence (its
/// calibrated log likelihood ratio) is what is observed of it. A node is a judged stretch; a
/// bout is the nodes between two silences of `WalkingGate`'s bout gap, and bouts are
/// independent: the first node of a bout starts from `PlacementPolicy.boutStartWalking`.
///
/// A node's decision is its smoothed probability of walking, from the evidence of every node
/// of its bout up to the moment it is made, at least one half. It is made once and never
/// changes:
/// - offline (`lag` nil), when the bout ends: from the whole bout (forward-backward);
/// - live, `lag` seconds after the node, or when the bout ends, whichever is first: from the
///   nodes up to then (fixed-lag smoothing). Once the lag covers the bout, the two agree.
///
/// The nodes wait in a ring of fixed capacity; when it is full, the oldest is decided with
/// what is known then. The work per node is two exponentials and a logarithm forward, and an
/// exponential and a logarithm per backward pass.
public struct BoutDecoder: Sendable {
    /// A judged stretch: its evidence, what the forward pass knows of it, and its decision.
    public struct Node: Sendable, Equatable {
        /// Its number: nodes are numbered from 0 in the order they come.
        public var number: Int
        /// When: the stretch's newest candidate.
        public var time: Double
        /// The evidence for walking, nats (`PlacementPolicy.evidence`).
        public var evidence: Double
        /// The log-odds of walking from the bout's nodes up to this one (the forward pass).
        var forward: Double
        /// Whether it is the first node of its bout.
        public var startsBout: Bool
        /// The decision's log-odds of walking, once it is final.
        public var decided: Double?
        /// The probabilities that walking, and not walking, lasted from the node before to this
        /// one (unused for a bout's first node): worked out once, by the forward pass, for both.
        var stayWalking = 1.0, stayNotWalking = 1.0

        /// The probability of walking it was decided with, once final.
        public var posterior: Double? { decided.map(logistic) }
        /// Whether it was decided walking (nil until final).
        public var walking: Bool? { decided.map { $0 >= 0 } }
    }

    /// The rates and the bout's start.
    public let policy: PlacementPolicy
    /// How long after a node its decision is made (nil: only when its bout ends).
    public let lag: Double?
    /// The nodes not yet forgotten, oldest first.
    var nodes: FixedRing<Node>
    /// The number the next node gets.
    public private(set) var nextNumber = 0
    /// Whether the next node continues a bout (else it starts one).
    public private(set) var boutIsOpen = false
    /// The number of the oldest node not yet decided (`nextNumber` when every one is).
    var firstUndecided = 0
    /// The newest node's time and forward log-odds, which the next node of the bout goes on
    /// from (the node itself may be decided and forgotten by then).
    var latest: (time: Double, forward: Double)?

    /// Creates a decoder.
    /// - Parameters:
    ///   - policy: the placement's rates and bout start.
    ///   - lag: seconds from a node to its decision; nil decides a bout only when it ends.
    ///   - capacity: the most nodes held undecided or unreleased.
    public init(policy: PlacementPolicy, lag: Double?, capacity: Int) {
        self.policy = policy
        self.lag = lag
        nodes = FixedRing(capacity: max(2, capacity))
        let start = min(max(policy.boutStartWalking, 1e-9), 1 - 1e-9)
        boutStartLogOdds = naturalLogarithm(start / (1 - start))
    }

    /// The log-odds a bout's first node starts from (`PlacementPolicy.boutStartWalking`).
    let boutStartLogOdds: Double

    /// Whether the ring is full: the oldest node must be decided and forgotten before another comes.
    public var isFull: Bool { nodes.isFull }
    /// How many nodes are held, and the most that can be.
    public var count: Int { nodes.count }
    public var capacity: Int { nodes.capacity }

    /// The oldest node not yet decided: nodes are decided in the order they come.
    public var oldestUndecided: Node? { node(firstUndecided) }

    /// The node numbered `number`, if it is still held.
    public func node(_ number: Int) -> Node? {
        guard let first = nodes.first, number >= first.number, number - first.number < nodes.count else { return nil }
        return nodes[number - first.number]
    }

    /// Adds the next node of the current bout (or the first of a new one).
    /// - Returns: its number.
    @discardableResult
    public mutating func append(time: Double, evidence: Double) -> Int {
        precondition(!nodes.isFull, "a full decoder must decide and forget its oldest node first")
        let prior: Double
        var stay = (walking: 1.0, notWalking: 1.0)
        if boutIsOpen, let previous = latest {
            // The forward pass: the state one node on, then the node's evidence. The previous
            // node's probabilities of walking and not come from one exponential, of minus the
            // log-odds' size (it cannot overflow).
            stay = policy.stayProbabilities(over: time - previous.time)
            let odds = exponential(-abs(previous.forward))
            let likelier = 1 / (1 + odds), lessLikely = odds / (1 + odds)
            let (walking, notWalking) = previous.forward >= 0 ? (likelier, lessLikely) : (lessLikely, likelier)
            let next = walking * stay.walking + notWalking * (1 - stay.notWalking)
            let notNext = walking * (1 - stay.walking) + notWalking * stay.notWalking
            prior = naturalLogarithm(next / notNext)
        } else {
            prior = boutStartLogOdds
        }
        let number = nextNumber
        nodes.append(Node(number: number, time: time, evidence: evidence, forward: prior + evidence,
                          startsBout: !boutIsOpen, decided: nil, stayWalking: stay.walking, stayNotWalking: stay.notWalking))
        boutIsOpen = true
        latest = (time, prior + evidence)
        nextNumber += 1
        return number
    }

    /// Decides the nodes whose lag has passed by `time` (none offline).
    public mutating func decide(by time: Double) {
        guard let lag else { return }
        decide { $0.time + lag <= time }
    }

    /// Ends the bout: every node of it is decided, from all its evidence. The next node starts a bout.
    public mutating func endBout() {
        decide { _ in true }
        boutIsOpen = false
        latest = nil
    }

    /// Decides the oldest undecided node now, with the evidence there is (a full ring).
    public mutating func decideOldest() {
        let number = firstUndecided
        decide { $0.number <= number }
    }

    /// Forgets the decided nodes numbered below `number` (their candidates are released).
    public mutating func forget(before number: Int) {
        while let first = nodes.first, first.number < number, first.decided != nil { nodes.removeFirst() }
    }

    /// Decides the undecided nodes `due` says are due (the oldest ones: `due` holds of a prefix
    /// of them), each from the evidence of the nodes after it in its bout: the backward pass,
    /// from the newest node back to the oldest due one.
    mutating func decide(_ due: (Node) -> Bool) {
        guard let first = nodes.first, firstUndecided < nextNumber else { return }
        let oldestDue = firstUndecided - first.number
        guard due(nodes[oldestDue]) else { return }
        // Undecided nodes are all in the open bout (an ended bout was decided whole), so the
        // backward pass starts at the newest node held.
        var backward = 0.0
        var index = nodes.count - 1
        while true {
            let node = nodes[index]
            if node.decided == nil && due(node) { nodes[index].decided = node.forward + backward }
            guard index > oldestDue, !node.startsBout else { break }
            // The log ratio of the evidence from this node on, given the state of the one before:
            // log((sw e^in + 1 - sw) / ((1 - sn) e^in + sn)), with e^-|in| (it cannot overflow).
            let incoming = node.evidence + backward
            let sw = node.stayWalking, sn = node.stayNotWalking
            if incoming >= 0 {
                let e = exponential(-incoming)
                backward = naturalLogarithm((sw + (1 - sw) * e) / ((1 - sn) + sn * e))
            } else {
                let e = exponential(incoming)
                backward = naturalLogarithm((sw * e + (1 - sw)) / ((1 - sn) * e + sn))
            }
            index -= 1
        }
        while let node = node(firstUndecided), node.decided != nil { firstUndecided += 1 }
    }
}
