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

    /// The window was --from and --to, which history takes as days, and -o was --out: the old
    /// names still draw the same window to the same file, and --help lists only the new ones.
    @Test func plotsOptionsKeepTheirOldNamesUnlisted() throws {
        let folder = NSTemporaryDirectory() + "footfall-plot-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = SampleTracesLocation.path("bangle/100_1.csv")
        #expect(try FootfallProcess.run(["plot", trace, "--start", "10", "--end", "40", "-o", folder + "/new.svg"]).status == 0)
        #expect(try FootfallProcess.run(["plot", trace, "--from", "10", "--to", "40", "-o", folder + "/old.svg"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/new.svg")) == Data(contentsOf: URL(fileURLWithPath: folder + "/old.svg")))
        let both = try FootfallProcess.run(["plot", trace, "--start", "10", "--from", "10", "-o", folder + "/both.svg"])
        #expect(both.status == 64 && both.stderr.contains("Give --start once: --from is its old spelling"), "\(both.stderr)")
        let oldOutput = try FootfallProcess.run(["plot", trace, "--start", "10", "--end", "40", "--out", folder + "/out.svg"])
        #expect(oldOutput.status == 0 && FileManager.default.fileExists(atPath: folder + "/out.svg"), "\(oldOutput.stderr)")
        let backwards = try FootfallProcess.run(["plot", trace, "--start", "40", "--end", "10", "-o", folder + "/backwards.svg"])
        #expect(backwards.status == 64 && backwards.stderr.contains("--end must be later than --start"), "\(backwards.stderr)")
        let help = try FootfallProcess.run(["plot", "--help"]).stdout
        #expect(help.contains("--start") && help.contains("--end") && help.contains("-o, --output <file.svg>"), "\(help)")
        #expect(!help.contains("--from") && !help.contains("--to ") && !help.contains("--out "), "\(help)")
    }

    @Test func synthWritesATraceWhoseTruthIsCounted() throws {
        let folder = NSTemporaryDirectory() + "footfall-synth-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = folder + "/w.csv"
        #expect(try FootfallProcess.run(["synth", "-o", trace, "--cadence", "120", "--rate", "100", "--duration", "60"]).status == 0)
        let sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/w.json"))) as? [String: Any]
        let truth = try #require(sidecar?["steps"] as? Int)
        let counted = try FootfallProcess.run(["count", "--json", trace])
        let object = try JSONSerialization.jsonObject(with: Data(counted.stdout.utf8)) as? [String: Any]
        let steps = try #require(object?["steps"] as? Int)
        #expect(abs(steps - truth) <= 2)
    }

    @Test func synthRefusesNonsense() throws {
        #expect(try FootfallProcess.run(["synth", "-o", "/tmp/x.csv", "--rate", "0"]).status == 64)
        // The rates --help states are the rates it takes.
        let help = try FootfallProcess.run(["synth", "--help"]).stdout
        #expect(help.contains("Sample rate, Hz (12.5 to 400)."), "\(help)")
        for (rate, status) in [("12", 64), ("12.5", 0), ("400", 0), ("401", 64)] as [(String, Int32)] {
            let result = try FootfallProcess.run(["synth", "-o", "/tmp/footfall-synth-rate.csv", "--duration", "1", "--rate", rate])
            #expect(result.status == status, "--rate \(rate): \(result.stderr)")
            if status == 64 { #expect(result.stderr.contains("--rate must be from 12.5 to 400 Hz."), "\(result.stderr)") }
        }
        #expect(try FootfallProcess.run(["synth", "-o", "/tmp/x.txt"]).status == 64)
        let nowhere = try FootfallProcess.run(["synth", "--rate", "50"])
        #expect(nowhere.status == 64 && nowhere.stderr.contains("-o/--output"), "\(nowhere.stderr)")
    }

    /// The output was an argument before it was -o/--output, as in every command that writes a
    /// file: an argument still writes the same files; both at once is refused.
    @Test func synthStillTakesItsOutputAsAnArgument() throws {
        let folder = NSTemporaryDirectory() + "footfall-synth-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try FootfallProcess.run(["synth", "--output", folder + "/new.csv", "--duration", "10"]).status == 0)
        #expect(try FootfallProcess.run(["synth", folder + "/old.csv", "--duration", "10"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/new.csv")) == Data(contentsOf: URL(fileURLWithPath: folder + "/old.csv")))
        #expect(FileManager.default.fileExists(atPath: folder + "/old.json"))
        let both = try FootfallProcess.run(["synth", folder + "/a.csv", "-o", folder + "/b.csv"])
        #expect(both.status == 64 && both.stderr.contains("Give -o/--output once"), "\(both.stderr)")
    }

    /// Simulated gestures are development fixtures (footfall-devsets), not part of footfall.
    @Test func synthMakesNoGestures() throws {
        let result = try FootfallProcess.run(["synth", "-o", "/tmp/x.csv", "--kind", "combing"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("'walk', 'still' or 'vehicle'"), "\(result.stderr)")
    }
}
