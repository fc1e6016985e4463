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
        // A goal of 60 so a 102-step walk passes every tier: low, mid (from 30), done (from 60).
        try "goal: 60\n".write(toFile: config, atomically: true, encoding: .utf8)
        try await daemon.start(["--config", config, "--replay", SampleTracesLocation.path("bangle/100_1.csv"), "--speed", "10"])

        let watch = Process()
        watch.executableURL = DaemonProcess.executable("footfall")
        watch.arguments = ["watch", "--format", "waybar", "--socket", daemon.socket]
        let out = Pipe()
        watch.standardOutput = out
        watch.standardError = FileHandle.nullDevice
        try watch.run()
        let lines = LineReader(out.fileHandleForReading)
        try await daemon.waitFor("the replay to finish", timeout: 120) { $0.source.state == .finished }
        let final = try await daemon.status()
        // The last PROGRESS goes out within a quarter of a second; wait for its line.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !(lines.current.last?.contains(" \(final.steps)\"") ?? false) {
            try await Task.sleep(for: .milliseconds(100))
        }
        kill(watch.processIdentifier, SIGINT)
        watch.waitUntilExit()
        #expect(watch.terminationStatus == 0, "Ctrl-C ends watch cleanly")
        try await daemon.stop()

        let objects = try lines.current.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
        #expect(objects.count >= 3, "\(lines.current)")
        var classes: [String] = []
        var lastPercentage = -1
        for object in objects {
            #expect(Set(object.keys) == ["text", "alt", "tooltip", "class", "percentage"])
            let text = try #require(object["text"] as? String)
            let tooltip = try #require(object["tooltip"] as? String)
            let tier = try #require(object["class"] as? String)
            let percentage = try #require(object["percentage"] as? Int)
            #expect(["low", "mid", "done"].contains(tier))
            #expect(object["alt"] as? String == tier)
            #expect((0...100).contains(percentage))
            #expect(percentage >= lastPercentage, "progress only grows during a walk")
            lastPercentage = percentage
            #expect(text.hasPrefix(["low": "◔ ", "mid": "◕ ", "done": "✓ "][tier]!))
            #expect(tooltip.contains(" of 60 steps ("))
            if classes.last != tier { classes.append(tier) }
        }
        #expect(classes == ["low", "mid", "done"])
        #expect(zip(lines.current, lines.current.dropFirst()).allSatisfy { $0 != $1 }, "a line only when something changed")
        let last = try #require(objects.last)
        #expect(last["text"] as? String == "✓ \(final.steps)")
        #expect(last["percentage"] as? Int == 100, "capped at 100 past the goal")
        #expect((last["tooltip"] as? String)?.hasPrefix("\(final.day): \(final.steps) of 60 steps (\(final.steps * 100 / 60) %)\n") == true)
    }
}
