@testable import FootfallDetection

/// Strong candidates at `times` (heights 1 unless given), held as the walking gate holds them.
func heldCandidates(_ times: [Double], heights: [Double]? = nil) -> FixedRing<StepCandidate> {
    var ring = FixedRing(capacity: 64, filler: StepCandidate(time: 0, height: 0, isStrong: false))
    for (i, time) in times.enumerated() { ring.append(StepCandidate(time: time, height: heights?[i] ?? 1, isStrong: true)) }
    return ring
}
