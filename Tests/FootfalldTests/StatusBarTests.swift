import Foundation
import FootfallTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `footfall watch --format waybar` against a replaying daemon: what a status bar reads.
@Suite(.serialized)
struct StatusBarTests {
    @Test func waybarGetsOneJSONLinePerChangeWithTextTooltipClassAndPercentage() async throws {
        let daemon = try DaemonProcess()
        let config = daemon.folder + "/footfalld.yaml"
        try "goal: 60\n".write(toFile: config, atomically: true, encoding: .utf8)
        try await daemon.start(["--config", config, "--replay", SampleTracesLocation.path("bangle/100_1.csv"), "--speed", "20",
                                "--test-clock-start", "2026-06-01T12:00:00Z"])
        let total = try await daemon.waitFor("the replay to finish", timeout: 120) { $0.source.state == .finished }.steps
        #expect(total >= 60, "the walk reaches the goal")
        // Goals that put today's steps at 10 %, about 67 % and 100 %.
        let goals = [total * 10, total * 3 / 2, total]

        let watch = Process()
        watch.executableURL = DaemonProcess.executable("footfall")
        watch.arguments = ["watch", "--format", "waybar", "--socket", daemon.socket]
        let out = Pipe()
        watch.standardOutput = out
        watch.standardError = FileHandle.nullDevice
        try watch.run()
        let lines = LineReader(out.fileHandleForReading)
        // Today's figures at once, then a line for each change: the goal moves the tier
        // through low, mid and done again, whatever the machine's load.
        #expect(await lines.waitFor(timeout: 30) { $0.contains("\"class\":\"done\"") })
        for (goal, tier) in zip(goals, ["low", "mid", "done"]) {
            let count = lines.current.count
            #expect(try daemon.footfall(["goal", "\(goal)"]).status == 0)
            #expect(await lines.waitFor(timeout: 30) { _ in lines.current.count > count }, "a line after goal \(goal)")
            #expect(lines.current.last?.contains("\"class\":\"\(tier)\"") == true, "\(lines.current)")
        }
        // Nothing changes now, so nothing more is printed.
        try await Task.sleep(for: .seconds(1))
        kill(watch.processIdentifier, SIGINT)
        watch.waitUntilExit()
        #expect(watch.terminationStatus == 0, "Ctrl-C ends watch cleanly")
        try await daemon.stop()

        let objects = try lines.current.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
        #expect(objects.count == 4, "\(lines.current)")
        for object in objects {
            #expect(Set(object.keys) == ["text", "alt", "tooltip", "class", "percentage"])
            let tier = try #require(object["class"] as? String)
            #expect(object["alt"] as? String == tier)
            #expect((object["text"] as? String)?.hasPrefix(["low": "◔ ", "mid": "◕ ", "done": "✓ "][tier]!) == true)
        }
        #expect(objects.map { $0["class"] as? String } == ["done", "low", "mid", "done"])
        // Whole percent, rounded down; capped at 100 for the bar, not in the tooltip.
        let percents = [total * 100 / 60] + goals.map { total * 100 / $0 }
        #expect(objects.map { $0["percentage"] as? Int } == percents.map { min($0, 100) })
        #expect(objects.map { $0["text"] as? String } == ["✓", "◔", "◕", "✓"].map { "\($0) \(grouped(total))" })
        #expect(objects.map { $0["tooltip"] as? String } == zip([60] + goals, percents).map { goal, percent in
            "2026-06-01: \(grouped(total)) of \(grouped(goal)) steps (\(percent) %)\nnot walking"
        })
    }
}

/// A number with thousands separators, as the CLI prints it: 1,020.
func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    return String(digits.enumerated().flatMap { index, digit in
        index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
    })
}
