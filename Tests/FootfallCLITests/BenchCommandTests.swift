import Foundation
import Testing
import FootfallTestSupport

/// `footfall bench`, run as a process: tables, JSON, shards and merging, and bad arguments.
struct BenchCommandTests {
    func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "footfall-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func tableHasEveryDataset() throws {
        let result = try FootfallProcess.run(["bench", SampleTracesLocation.folder])
        #expect(result.status == 0)
        for dataset in ["bangle-wrist", "oxford-phone", "synthetic"] { #expect(result.stdout.contains(dataset)) }
        #expect(result.stdout.contains("median err %"))
    }

    @Test func shardsMergeIntoTheWholeRun() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let whole = try FootfallProcess.run(["bench", "--json", SampleTracesLocation.folder])
        #expect(whole.status == 0)
        var parts: [String] = []
        for i in 0..<2 {
            let part = folder + "/part-\(i).json"
            let result = try FootfallProcess.run(["bench", SampleTracesLocation.folder, "--shard", "\(i)/2", "--json", "-o", part])
            #expect(result.status == 0)
            parts.append(part)
        }
        let merged = try FootfallProcess.run(["bench", "--merge", "--json"] + parts)
        #expect(merged.status == 0)
        func datasets(_ text: String) throws -> [[String: Any]] {
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            return (object?["datasets"] as? [[String: Any]]) ?? []
        }
        let a = try datasets(whole.stdout), b = try datasets(merged.stdout)
        // bangle-wrist, daily-living, gestures, oxford-phone, synthetic, wisdm-watch.
        #expect(a.map { $0["dataset"] as? String } == ["bangle-wrist", "daily-living", "gestures", "oxford-phone", "synthetic", "wisdm-watch"])
        #expect(a.map { $0["walk4_recall"] as? Double } == b.map { $0["walk4_recall"] as? Double })
        #expect(a.map { $0["counted"] as? Int } == b.map { $0["counted"] as? Int })
        #expect(a.map { $0["dataset"] as? String } == b.map { $0["dataset"] as? String })
    }

    @Test(arguments: [["--shard", "2/2"], ["--jobs", "0"], ["--merge", "--shard", "0/2"]])
    func badArgumentsAreUsageErrors(arguments: [String]) throws {
        let result = try FootfallProcess.run(["bench", SampleTracesLocation.folder] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error:"))
    }

    @Test func speedModeReportsTheCore() throws {
        let result = try FootfallProcess.run(["bench", "--speed", "--json", SampleTracesLocation.path("synthetic/walk-110spm-50hz.csv")])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((object?["detection_samples_per_s"] as? Double ?? 0) > 0)
    }
}
