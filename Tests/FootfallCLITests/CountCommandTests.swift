import Foundation
import Testing
import FootfallTestSupport

/// `footfall count`, run as a process: its outputs, its JSON, and its errors.
struct CountCommandTests {
    @Test func jsonForOneTraceMatchesTheGoldenFile() throws {
        let trace = SampleTracesLocation.path("oxford/Samsung_Dario_Hard_InHand_1.csv")
        let result = try FootfallProcess.run(["count", "--json", trace])
        #expect(result.status == 0)
        let expected = try String(contentsOfFile: String(trace.dropLast(4)) + ".expected", encoding: .utf8)
        #expect(result.stdout == expected)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["steps"] as? Int == 278)
        #expect((object?["step_times"] as? [Double])?.count == 278)
        #expect(object?["cadence_spm"] is Double)
    }

    @Test func severalTracesGiveJSONLinesNamingEachTrace() throws {
        let traces = ["bangle/100_1.csv", "synthetic/still-25hz.csv"].map(SampleTracesLocation.path)
        let result = try FootfallProcess.run(["count", "--json"] + traces)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        for (line, trace) in zip(lines, traces) {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["trace"] as? String == trace)
        }
    }

    @Test func textOutputGivesStepsCadenceAndFile() throws {
        let trace = SampleTracesLocation.path("bangle/100_1.csv")
        let result = try FootfallProcess.run(["count", trace])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("\(SampleTracesLocation.goldenSteps("bangle/100_1.csv")) steps\t"))
        #expect(result.stdout.hasSuffix("\t\(trace)\n"))
    }

    @Test func badTraceReportsFileAndLineAndExitsNonZero() throws {
        let folder = NSTemporaryDirectory() + "footfall-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bad = folder + "/bad.csv"
        try "t,ax,ay,az\n0,1,2,3\n0.1,1,oops,3\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let good = SampleTracesLocation.path("bangle/extra-0.csv")
        let result = try FootfallProcess.run(["count", bad, good])
        #expect(result.status == 1)
        #expect(result.stderr == "footfall: \(bad):3: field 'ay' is not a number: 'oops'\n")
        // The good trace is still counted.
        #expect(result.stdout.contains(good))
    }

    /// A sidecar that cannot be read is that recording's error, as in plot and bench (count
    /// once took it for no sidecar and counted the recording at an unknown placement).
    @Test func aBrokenSidecarIsItsRecordingsError() throws {
        let folder = NSTemporaryDirectory() + "footfall-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: SampleTracesLocation.path("bangle/100_1.csv"), toPath: folder + "/broken.csv")
        try "{\"steps\": ".write(toFile: folder + "/broken.json", atomically: true, encoding: .utf8)
        let good = SampleTracesLocation.path("bangle/extra-0.csv")
        let result = try FootfallProcess.run(["count", folder + "/broken.csv", good])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("footfall: \(folder)/broken.json"), "\(result.stderr)")
        #expect(!result.stdout.contains("broken.csv") && result.stdout.contains(good))
    }

    /// An Axivity recording from 23:59:50 to 00:00:20 on its clock (Tests/FootfallTracesTests/Fixtures).
    static let midnightCWA = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FootfallTracesTests/Fixtures/walk-unpacked.cwa").path

    @Test func daysSplitARecordingAtMidnightAndAddUpToItsCount() throws {
        let total = try FootfallProcess.run(["count", "--json", Self.midnightCWA])
        let steps = try #require((JSONSerialization.jsonObject(with: Data(total.stdout.utf8)) as? [String: Any])?["steps"] as? Int)
        let result = try FootfallProcess.run(["count", "--days", "--csv", Self.midnightCWA])
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(rows.first)
        #expect(header.prefix(6) == ["recording", "day", "steps", "recorded_minutes", "wear_minutes", "walking_minutes"])
        #expect(rows.count == 3)
        let column = { (name: String) in header.firstIndex(of: name)! }
        #expect(rows[1...].map { $0[column("day")] } == ["2026-05-01", "2026-05-02"])
        #expect(rows[1...].map { Int($0[column("steps")])! }.reduce(0, +) == steps)
        // Worn minutes are the sum of the cadence bands; a day of two minutes is not valid.
        for row in rows[1...] {
            let bands = header.indices.filter { header[$0].hasPrefix("minutes_") }.map { Int(row[$0])! }
            #expect(bands.reduce(0, +) == Int(row[column("wear_minutes")])!)
            #expect(row[column("valid")] == "0")
        }
    }

    @Test func minutesAreWrittenAsTheDaemonKeepsThem() throws {
        let folder = NSTemporaryDirectory() + "footfall-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try FootfallProcess.run(["count", "--minutes", folder + "/minutes.csv", "--valid-hours", "0", Self.midnightCWA])
        #expect(result.status == 0)
        #expect(result.stdout.contains("2026-05-02"))
        let lines = try String(contentsOfFile: folder + "/minutes.csv", encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "recording,start,local_time,steps,cadence,worn")
        #expect(lines.dropFirst().map { $0.split(separator: ",")[2] } == ["2026-05-01 23:59", "2026-05-02 00:00"])
    }

    @Test func anUnknownTimeZoneIsRefused() throws {
        let result = try FootfallProcess.run(["count", "--days", "--time-zone", "Mars/Olympus", Self.midnightCWA])
        #expect(result.status != 0)
        #expect(result.stderr.contains("'Mars/Olympus' is not a time zone"))
    }

    /// --units, --time and --preset take their enums' values, which --help lists and a wrong
    /// value's error names; m/s^2 is m/s2.
    @Test func readingOptionsTakeTheValuesTheyList() throws {
        let trace = SampleTracesLocation.path("bangle/100_1.csv")
        let plain = try FootfallProcess.run(["count", trace])
        for arguments in [["--units", "m/s^2"], ["--units", "m/s2"], ["--time", "s"], ["--preset", "footfall"]] {
            let told = try FootfallProcess.run(["count"] + arguments + [trace])
            #expect(told.status == 0 && told.stdout == plain.stdout, "\(arguments): \(told.stderr)")
        }
        for (option, value, values) in [("--units", "kg", "'m/s2', 'g' or 'mg'"), ("--time", "minutes", "'s', 'ms', 'us', 'ns' or 'iso'"),
                                        ("--preset", "garmin", "'footfall', 'sensor-logger', 'phyphox', 'physics-toolbox' or 'android'")] {
            let result = try FootfallProcess.run(["count", option, value, trace])
            #expect(result.status == 64 && result.stderr.contains("The value '\(value)' is invalid") && result.stderr.contains(values),
                    "\(option) \(value): \(result.stderr)")
        }
        let help = try FootfallProcess.run(["count", "--help"], environment: ["COLUMNS": "80"]).stdout
        let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("(values: m/s2, g, mg)") && words.contains("(values: s, ms, us, ns, iso)"), "\(help)")
    }

    @Test func missingTraceIsAClearError() throws {
        let result = try FootfallProcess.run(["count", "/no/such/trace.csv"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("/no/such/trace.csv: cannot read the trace: no such file or directory"))
        #expect(!result.stderr.contains("Fatal"))
    }

    @Test func helpTeachesTheCommands() throws {
        let result = try FootfallProcess.run(["--help"])
        #expect(result.status == 0)
        for command in ["count", "bench", "plot", "synth"] { #expect(result.stdout.contains(command)) }
        let count = try FootfallProcess.run(["count", "--help"])
        // The words, wherever the wrapping breaks the line.
        #expect(count.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("print JSON lines: one such object per line"))
    }
}
