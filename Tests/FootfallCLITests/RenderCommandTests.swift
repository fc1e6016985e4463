import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `footfall render`, run as a process: the text bar, the SVG, the missing daemon and bad arguments.
struct RenderCommandTests {
    @Test func textPrintsTheBarWithoutColourIntoAPipe() throws {
        let result = try FootfallProcess.run(["render", "--text", "--steps", "23000", "--goal", "10000", "--width", "40"])
        #expect(result.status == 0)
        #expect(result.stdout == "✓ [=============>============>>===] 230%\n")
        #expect(!result.stdout.contains("\u{1B}"))
        // Without --width and with no terminal: $COLUMNS, else 80.
        let wide = try FootfallProcess.run(["render", "--text", "--steps", "7412"], environment: ["COLUMNS": "60"])
        #expect(wide.stdout.hasPrefix("◕ [") && wide.stdout.hasSuffix(" 74%\n"))
        #expect(wide.stdout.dropLast().count == 60)
    }

    @Test func svgWritesAMoveRingNamingThePerson() throws {
        let folder = NSTemporaryDirectory() + "footfall-render-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/ring.svg"
        let result = try FootfallProcess.run(["render", "--svg", out, "--steps", "7412", "--name", "Alex", "--palette", "colorblind"])
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(XMLParser(data: data).parse())
        let svg = String(decoding: data, as: UTF8.self)
        #expect(svg.contains("<title id=\"move-title\">Move ring for Alex: 7,412 of 10,000 steps</title>"))
        #expect(svg.contains("#CC79A7"))
        let toStdout = try FootfallProcess.run(["render", "--svg", "-", "--steps", "1", "--goal", "1", "--name", "Alex"])
        #expect(toStdout.stdout.hasPrefix("<?xml") && toStdout.stdout.contains("100 % of the daily step goal of 1 step;"))
    }

    @Test func withoutStepsTheMissingDaemonIsStatus69() throws {
        let socket = NSTemporaryDirectory() + "footfall-none-\(UUID().uuidString).sock"
        for arguments in [["render", "--text"], ["render", "--svg", "/tmp/never-written.svg", "--goal", "8000"]] {
            let result = try FootfallProcess.run(arguments + ["--socket", socket])
            #expect(result.status == 69)
            #expect(result.stderr.hasPrefix("footfall: footfalld is not running (nothing at \(socket))."))
            #expect(result.stderr.contains("footfalld --replay"))
            #expect(result.stderr.split(separator: "\n").count == 1, "one line")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test(arguments: [
        ["--steps", "5"],
        ["--text", "--svg", "x.svg", "--steps", "5"],
        ["--text", "--steps=-1"],
        ["--text", "--steps", "5", "--goal", "0"],
        ["--text", "--steps", "5", "--width", "9"],
        ["--svg", "x.svg", "--steps", "5", "--width", "40"],
        ["--text", "--steps", "5", "--palette", "sepia"],
    ])
    func badArgumentsAreUsageErrors(arguments: [String]) throws {
        let result = try FootfallProcess.run(["render"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error:"))
    }

    @Test func unwritableSVGIsAClearError() throws {
        let result = try FootfallProcess.run(["render", "--svg", "/no/such/folder/ring.svg", "--steps", "5"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("footfall: cannot write /no/such/folder/ring.svg: "))
    }

    @Test func helpExplainsTheCommand() throws {
        let help = try FootfallProcess.run(["render", "--help"])
        #expect(help.status == 0)
        for text in ["--text", "--svg", "--steps", "--goal", "--width", "--palette", "colorblind", "--name", "NO_COLOR", "69"] {
            #expect(help.stdout.contains(text), "render --help lacks \(text)")
        }
        let top = try FootfallProcess.run(["--help"])
        #expect(top.stdout.contains("render"))
    }
}
