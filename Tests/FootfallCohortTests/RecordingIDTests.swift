import FootfallAnalysis
import FootfallCohort
import Testing

/// Ids: the names that fix a recording's part and shard.
struct RecordingIDTests {
    @Test func idsThatWouldBreakATableAreRefused() {
        for bad in ["", "a\nb", "tab\there", " padded", "padded ", String(repeating: "x", count: 1001)] {
            #expect(throws: StudyError.self) { try RecordingID(bad) }
        }
        #expect(throws: Never.self) { try RecordingID("site-a/P0001 (repeat)") }
    }

    /// FNV-1a's published vectors: the hash must never change, or shards would move.
    @Test func theHashIsFNV1aAndTheSameInEveryProcess() throws {
        #expect(try RecordingID("a").stableHash == 0xaf63_dc4c_8601_ec8c)
        #expect(try RecordingID("foobar").stableHash == 0x8594_4171_f739_67e8)
    }

    @Test func shardsSplitIdsEvenlyAndEachIdIsInExactlyOne() throws {
        let ids = try (0..<4000).map { try RecordingID("P\($0)") }
        var counts = [Int](repeating: 0, count: 8)
        for id in ids {
            let holders = (0..<8).filter { Shard(index: $0, count: 8).holds(id) }
            #expect(holders.count == 1)
            counts[holders[0]] += 1
        }
        // 500 each on average; a fair split of 4,000 stays well within 400 to 600.
        #expect(counts.allSatisfy { (400...600).contains($0) }, "\(counts)")
    }
}
