@testable import FootfallDetection

/// Strong candidates at `times` (heights 1 unless given), held as the walking gate holds them.
func heldCandidates(_ times: [Double], heights: [Double]? = nil) -> FixedRing<StepCandidate> {
    var ring = FixedRing<StepCandidate>(capacity: 64)
    for (i, time) in times.enumerated() { ring.append(StepCandidate(time: time, height: heights?[i] ?? 1, isStrong: true)) }
    return ring
}
