import Foundation
import Testing
import FootfallTestSupport

/// `footfall-devsets`, the development tool that writes the simulated gestures (built from
/// tools/simulation, installed nowhere), run as a process.
struct DevSetsCommandTests {
    /// Its --help and each subcommand's read as clean paragraphs at 80 columns, as footfall's do.
    @Test func everyHelpReadsAsCleanParagraphsAt80Columns() throws {
        let helps = try HelpLayout.helps(of: Self.executable, width: 80)
        #expect(helps.map(\.command).sorted() == ["footfall-devsets", "footfall-devsets daily-living", "footfall-devsets gesture",
                                                  "footfall-devsets gestures"])
        for help in helps {
            #expect(help.status == 0, "\(help.command) --help: \(help.stderr)")
            let problems = HelpLayout.problems(in: help.text, width: 80)
            #expect(problems.isEmpty, "\(help.command) --help at 80 columns:\n\(problems.joined(separator: "\n"))")
        }
    }

    static let executable = DaemonProcess.executable("footfall-devsets")

    /// The gesture traces in SampleTraces/synthetic are what the tool writes for the arguments
    /// tools/generate-sample-traces gives it, byte for byte, sidecars included.
    @Test(arguments: [("combing-25hz", ["--kind", "combing", "--rate", "25", "--duration", "60", "--seed", "17"]),
                      ("brushing-32hz-6bit", ["--kind", "brushing", "--rate", "32", "--duration", "60", "--coarse", "--seed", "18"])])
    func theSampleGesturesAreWhatItWrites(name: String, arguments: [String]) throws {
        let folder = NSTemporaryDirectory() + "footfall-devsets-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try DaemonProcess.run(Self.executable, ["gesture", folder + "/\(name).csv"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        for suffix in [".csv", ".json"] {
            let written = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name + suffix))
            let committed = try Data(contentsOf: URL(fileURLWithPath: SampleTracesLocation.path("synthetic/" + name + suffix)))
            #expect(written == committed, "\(name + suffix) differs from the committed one")
        }
    }

    @Test func aGestureTraceNeedsAKnownGesture() throws {
        #expect(try DaemonProcess.run(Self.executable, ["gesture", "/tmp/x.csv"]).status == 64)
        #expect(try DaemonProcess.run(Self.executable, ["gesture", "/tmp/x.csv", "--kind", "walk"]).status == 64)
    }
}
