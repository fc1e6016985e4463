import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import FootfallTestSupport

/// `footfall plot` and `footfall synth`, run as processes.
struct PlotAndSynthCommandTests {
    @Test func plotWritesAnSVG() throws {
        let folder = NSTemporaryDirectory() + "footfall-plot-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/p.svg"
        let result = try FootfallProcess.run(["plot", SampleTracesLocation.path("bangle/100_1.csv"), "--from", "10", "--to", "40", "-o", out])
        #expect(result.status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(XMLParser(data: data).parse())
    }

    @Test func synthWritesATraceWhoseTruthIsCounted() throws {
        let folder = NSTemporaryDirectory() + "footfall-synth-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = folder + "/w.csv"
        #expect(try FootfallProcess.run(["synth", trace, "--cadence", "120", "--rate", "100", "--duration", "60"]).status == 0)
        let sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/w.json"))) as? [String: Any]
        let truth = try #require(sidecar?["steps"] as? Int)
        let counted = try FootfallProcess.run(["count", "--json", trace])
        let object = try JSONSerialization.jsonObject(with: Data(counted.stdout.utf8)) as? [String: Any]
        let steps = try #require(object?["steps"] as? Int)
        #expect(abs(steps - truth) <= 2)
    }

    @Test func synthRefusesNonsense() throws {
        #expect(try FootfallProcess.run(["synth", "/tmp/x.csv", "--rate", "0"]).status == 64)
        #expect(try FootfallProcess.run(["synth", "/tmp/x.txt"]).status == 64)
    }

    /// Simulated gestures are development fixtures (footfall-devsets), not part of footfall.
    @Test func synthMakesNoGestures() throws {
        let result = try FootfallProcess.run(["synth", "/tmp/x.csv", "--kind", "combing"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("'walk', 'still' or 'vehicle'"), "\(result.stderr)")
    }
}
