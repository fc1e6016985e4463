import FootfallRandom
import Testing
@testable import FootfallDetection

/// The decision over a bout: a stretch that dips between stretches that walk is judged with
/// them, a lone weak yes among noes is not walking, bouts are independent, and the live
/// decision, once its lag covers the bout, is the decision over the whole recording.
struct BoutDecoderTests {
    /// Walking lasts about a minute, not walking two: a change between two stretches four
    /// seconds apart is unlikely, not impossible.
    let policy = PlacementPolicy(boutStartWalking: 0.5, walkingBoutSeconds: 60, notWalkingSpellSeconds: 120)

    /// The decisions of one bout of stretches four seconds apart with `evidence`, offline.
    func decided(_ evidence: [Double], lag: Double? = nil) -> [Bool] {
        var decoder = BoutDecoder(policy: policy, lag: lag, capacity: 64)
        for (i, e) in evidence.enumerated() {
            decoder.append(time: Double(i) * 4, evidence: e)
            decoder.decide(by: Double(i) * 4)
        }
        decoder.endBout()
        return (0..<evidence.count).map { decoder.node($0)?.walking ?? false }
    }

    @Test func aWalkThatDipsForTwoStretchesIsWalkingThroughTheDip() {
        // pebble-wrist's walk_100_pbl_25477_18 in its forest's probabilities: 0.98, 1.00, then
        // 0.07, 0.05, then 0.99, 0.99. Judged one by one the dip loses its steps; over the
        // bout it is a walk that glanced at the watch.
        let evidence = [3.9, 6.0, -2.6, -2.9, 4.6, 4.6]
        #expect(decided(evidence) == [true, true, true, true, true, true])
        // Alone, the same two noes are not walking.
        #expect(decided([-2.6, -2.9]) == [false, false])
    }

    @Test func aLoneWeakYesAmongNoesIsNotWalking() {
        // A hand at work that once looks like walking at the margin (0.7) among clear noes.
        #expect(decided([-3, -3, 0.85, -3, -3]) == [false, false, false, false, false])
    }

    @Test func everyNodeIsDecidedOnceAndTheDecisionDoesNotChange() {
        var decoder = BoutDecoder(policy: policy, lag: 8, capacity: 64)
        var seen: [Int: Double] = [:]
        let evidence = [2.0, -1, -1, 3, -4, -4, -4, 1, 2, 2]
        for (i, e) in evidence.enumerated() {
            decoder.append(time: Double(i) * 4, evidence: e)
            decoder.decide(by: Double(i) * 4)
            for n in 0...i {
                guard let decided = decoder.node(n)?.decided else { continue }
                if let earlier = seen[n] { #expect(earlier == decided, "node \(n) decided again") }
                seen[n] = decided
            }
        }
        decoder.endBout()
        #expect((0..<evidence.count).allSatisfy { decoder.node($0)?.decided != nil })
        for (n, value) in seen { #expect(decoder.node(n)?.decided == value) }
    }

    @Test func theLiveDecisionIsTheWholeRecordingsOnceTheLagCoversTheBout() {
        // Bouts of up to six stretches four seconds apart (20 s), separated by silences that
        // end them, with evidence of every kind: live with a lag of 20 s or more, every
        // decision is the offline one; with a shorter lag some may differ.
        var random = SeededRandom(seed: 7)
        var bouts: [[Double]] = []
        for _ in 0..<200 {
            bouts.append((0..<(1 + Int(random.next() % 6))).map { _ in Double(random.next() % 1000) / 100 - 5 })
        }
        func decisions(lag: Double?) -> [Bool] {
            var decoder = BoutDecoder(policy: policy, lag: lag, capacity: 16)
            var out: [Bool] = []
            var time = 0.0
            for bout in bouts {
                let first = decoder.nextNumber
                for e in bout {
                    decoder.append(time: time, evidence: e)
                    decoder.decide(by: time)
                    time += 4
                }
                time += 30
                decoder.decide(by: time)
                decoder.endBout()
                out += (first..<decoder.nextNumber).map { decoder.node($0)!.walking! }
                decoder.forget(before: decoder.nextNumber)
            }
            return out
        }
        let offline = decisions(lag: nil)
        #expect(decisions(lag: 20) == offline)
        #expect(decisions(lag: 60) == offline)
        #expect(decisions(lag: 0) != offline, "with no lag at all, some stretch is decided before the evidence after it")
    }

    @Test func boutsAreIndependent() {
        // The same bout after a bout of clear walking and after one of clear noes.
        var afterWalking = BoutDecoder(policy: policy, lag: nil, capacity: 16)
        var afterStill = BoutDecoder(policy: policy, lag: nil, capacity: 16)
        for i in 0..<4 {
            afterWalking.append(time: Double(i) * 4, evidence: 8)
            afterStill.append(time: Double(i) * 4, evidence: -8)
        }
        afterWalking.endBout()
        afterStill.endBout()
        for i in 0..<3 {
            afterWalking.append(time: 100 + Double(i) * 4, evidence: -0.5)
            afterStill.append(time: 100 + Double(i) * 4, evidence: -0.5)
        }
        afterWalking.endBout()
        afterStill.endBout()
        for n in 4..<7 { #expect(afterWalking.node(n)?.decided == afterStill.node(n)?.decided) }
    }

    @Test func aFullRingDecidesItsOldestWithWhatIsKnown() {
        var decoder = BoutDecoder(policy: policy, lag: nil, capacity: 4)
        for i in 0..<4 { decoder.append(time: Double(i) * 4, evidence: 5) }
        #expect(decoder.isFull)
        decoder.decideOldest()
        #expect(decoder.node(0)?.walking == true)
        #expect(decoder.node(1)?.decided == nil)
        decoder.forget(before: 1)
        #expect(!decoder.isFull)
        // The bout goes on from the forgotten node's forward pass.
        decoder.append(time: 16, evidence: -1)
        decoder.endBout()
        #expect(decoder.node(4)?.walking == true)
    }
}
