import Testing
import FootfallTestSupport
@testable import FootfallAnalysis

/// A corpus split into shards is covered exactly once, and the shard reports merge back into
/// the report of the whole run.
struct ShardAndMergeTests {
    @Test(arguments: [1, 2, 3, 7])
    func shardsPartitionTheCorpus(count: Int) {
        let all = Array(0..<50)
        let parts = (0..<count).map { Shard(index: $0, count: count).select(all) }
        #expect(parts.flatMap { $0 }.sorted() == all)
        #expect(parts.map(\.count).max()! - parts.map(\.count).min()! <= 1)
    }

    @Test(arguments: ["0/1", "3/4", "0/10"])
    func parsesShards(text: String) {
        #expect(Shard(parsing: text)?.description == text)
    }

    @Test(arguments: ["4/4", "-1/4", "1", "a/b", "1/0", "1/2/3"])
    func refusesBadShards(text: String) {
        #expect(Shard(parsing: text) == nil)
    }

    @Test func mergedShardsEqualTheWholeRun() throws {
        let corpus = try BenchCorpus.discover([SampleTracesLocation.folder])
        #expect(corpus.count >= 10)
        let whole = BenchReport(recordings: try BenchReport.run(corpus, configuration: .default, jobs: 2))
        let parts = try (0..<3).map { i in
            let shard = Shard(index: i, count: 3)
            return BenchReport(recordings: try BenchReport.run(shard.select(corpus), configuration: .default, jobs: 1), shard: shard)
        }
        let merged = try BenchReport.merge(parts)
        #expect(merged.recordings.map(\.name) == whole.recordings.map(\.name))
        #expect(merged.recordings.map(\.counted) == whole.recordings.map(\.counted))
        #expect(merged.datasets.map(\.counted) == whole.datasets.map(\.counted))
        #expect(merged.datasets.map(\.match) == whole.datasets.map(\.match))
    }

    @Test func mergingTheSameShardTwiceIsRefused() throws {
        let corpus = try BenchCorpus.discover([SampleTracesLocation.path("bangle")])
        let report = BenchReport(recordings: try BenchReport.run(corpus, configuration: .default, jobs: 1))
        #expect(throws: BenchMergeError.self) { try BenchReport.merge([report, report]) }
    }
}
