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
        let result = try FootfallProcess.run(["plot", SampleTracesLocation.path("bangle/100_1.csv"), "--start", "10", "--end", "40", "-o", out])
        #expect(result.status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(XMLParser(data: data).parse())
    }

    /// The window was --from and --to, which history takes as days: the old names still draw
    /// the same window, and --help lists only the new ones.
    @Test func plotsWindowKeepsItsOldNamesUnlisted() throws {
        let folder = NSTemporaryDirectory() + "footfall-plot-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = SampleTracesLocation.path("bangle/100_1.csv")
        #expect(try FootfallProcess.run(["plot", trace, "--start", "10", "--end", "40", "-o", folder + "/new.svg"]).status == 0)
        #expect(try FootfallProcess.run(["plot", trace, "--from", "10", "--to", "40", "-o", folder + "/old.svg"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/new.svg")) == Data(contentsOf: URL(fileURLWithPath: folder + "/old.svg")))
        let both = try FootfallProcess.run(["plot", trace, "--start", "10", "--from", "10", "-o", folder + "/both.svg"])
        #expect(both.status == 64 && both.stderr.contains("--from is the old name of --start"), "\(both.stderr)")
        let backwards = try FootfallProcess.run(["plot", trace, "--start", "40", "--end", "10", "-o", folder + "/backwards.svg"])
        #expect(backwards.status == 64 && backwards.stderr.contains("--end must be later than --start"), "\(backwards.stderr)")
        let help = try FootfallProcess.run(["plot", "--help"]).stdout
        #expect(help.contains("--start") && help.contains("--end") && !help.contains("--from") && !help.contains("--to "), "\(help)")
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
