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

    /// count and bench take a recording's placement by one rule (the one given, else where the
    /// recording says): every sample recording with a sidecar is counted alike by both, with
    /// --placement and without, and --placement changes what the wrist's recordings count.
    @Test func countAndBenchCountEveryRecordingAlike() throws {
        let traces = SampleTracesLocation.allTraces.map(SampleTracesLocation.path).filter { trace in
            let stem = trace.hasSuffix(".gz") ? String(trace.dropLast(3)) : trace
            return FileManager.default.fileExists(atPath: (stem as NSString).deletingPathExtension + ".json")
        }
        #expect(traces.count >= 20)
        var byPlacement: [[String: Int]] = []
        for placement in [[], ["--placement", "body"]] {
            let bench = try FootfallProcess.run(["bench", "--json"] + placement + [SampleTracesLocation.folder])
            #expect(bench.status == 0, "\(bench.stderr)")
            let report = try JSONSerialization.jsonObject(with: Data(bench.stdout.utf8)) as? [String: Any]
            let scores = try #require(report?["recordings"] as? [[String: Any]])
            // Named without .csv (bench keeps a compressed file's .csv.gz in its name).
            func stem(_ name: String) -> String { name.replacingOccurrences(of: ".csv.gz", with: "").replacingOccurrences(of: ".csv", with: "") }
            let benched = Dictionary(uniqueKeysWithValues: scores.map { (stem($0["name"] as! String), $0["counted"] as! Int) })
            let count = try FootfallProcess.run(["count", "--json"] + placement + traces)
            #expect(count.status == 0, "\(count.stderr)")
            var counted: [String: Int] = [:]
            for line in count.stdout.split(separator: "\n") {
                let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let file = ((object["trace"] as! String) as NSString).lastPathComponent
                counted[stem(file)] = object["steps"] as? Int
            }
            #expect(counted.count == traces.count && counted == benched, "\(placement): count \(counted), bench \(benched)")
            byPlacement.append(counted)
        }
        // A drive's bumps at the wrist, where the policy asks for firmer evidence, count nothing;
        // read as worn on the body they count as a few short walks.
        #expect(byPlacement[0]["HughB-drive-18"] != byPlacement[1]["HughB-drive-18"], "a wrist recording counted on the body")
    }

    /// bench reads recordings as count does, with the same options: a delimited file whose
    /// header names no columns is scored once --columns names them, as its original is.
    @Test func benchTakesTheReadingOptions() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = SampleTracesLocation.path("bangle/100_1.csv")
        let lines = try String(contentsOfFile: original, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        try (["when,east,north,up"] + lines.dropFirst()).joined(separator: "\n").write(toFile: folder + "/100_1.csv", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: SampleTracesLocation.path("bangle/100_1.json"), toPath: folder + "/100_1.json")
        let unnamed = try FootfallProcess.run(["bench", "--json", folder])
        #expect(unnamed.status == 1 && unnamed.stderr.contains("--columns"), "\(unnamed.stderr)")
        func counted(_ arguments: [String]) throws -> Int? {
            let result = try FootfallProcess.run(["bench", "--json"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return (report?["recordings"] as? [[String: Any]])?.first?["counted"] as? Int
        }
        let named = try counted(["--columns", "when,east,north,up", folder]), asRecorded = try counted([original])
        #expect(named != nil && named == asRecorded)
    }

    @Test func speedModeReportsTheCore() throws {
        let result = try FootfallProcess.run(["bench", "--speed", "--json", SampleTracesLocation.path("synthetic/walk-110spm-50hz.csv")])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((object?["detection_samples_per_s"] as? Double ?? 0) > 0)
    }
}
