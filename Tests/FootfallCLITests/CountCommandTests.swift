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
        #expect(header.prefix(7) == ["recording", "day", "day_number", "steps", "recorded_minutes", "wear_minutes", "walking_minutes"])
        #expect(rows.count == 3)
        let column = { (name: String) in header.firstIndex(of: name)! }
        #expect(rows[1...].map { $0[column("day")] } == ["2026-05-01", "2026-05-02"])
        #expect(rows[1...].map { $0[column("day_number")] } == ["1", "2"])
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
        #expect(lines.first == "recording,start,day_number,local_time,steps,cadence,worn")
        #expect(lines.dropFirst().map { $0.split(separator: ",")[3] } == ["2026-05-01 23:59", "2026-05-02 00:00"])
        #expect(lines.dropFirst().map { $0.split(separator: ",")[2] } == ["1", "2"])
    }

    /// A recording whose times count from its start has no dates: its days are numbered, and
    /// each output says so, the table above it, CSV with an empty day, JSON with a null one;
    /// a time zone does not move them.
    @Test func daysOfARecordingWithoutDatesAreNumbered() throws {
        let folder = NSTemporaryDirectory() + "footfall-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 26 hours, a sample every 10 s, from t = 0.
        let trace = folder + "/day-and-two-hours.csv"
        let lines = (0..<(26 * 360)).map { k in "\(k * 10),\(k % 2 == 0 ? "0.1" : "-0.1"),0.2,9.8" }
        try (["t,ax,ay,az"] + lines).joined(separator: "\n").write(toFile: trace, atomically: true, encoding: .utf8)

        let table = try FootfallProcess.run(["count", "--days", trace])
        #expect(table.status == 0, "\(table.stderr)")
        let rows = table.stdout.split(separator: "\n")
        #expect(rows.first == "\(trace) (its times are not dates: days are its clock's 24-hour spans, numbered)")
        #expect(rows.dropFirst(2).map { String($0.prefix(12)) } == ["day 1       ", "day 2       "])
        #expect(!table.stdout.contains("1970"))
        #expect(try FootfallProcess.run(["count", "--days", "--time-zone", "Europe/London", trace]).stdout == table.stdout)

        let csv = try FootfallProcess.run(["count", "--days", "--csv", trace]).stdout.split(separator: "\n")
        #expect(csv.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(5).joined(separator: ",") }
                == ["\(trace),,1,0,1440", "\(trace),,2,0,120"])

        let json = try FootfallProcess.run(["count", "--days", "--json", trace]).stdout.split(separator: "\n")
        let objects = try json.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["day"] is NSNull } == [true, true])
        #expect(objects.map { $0["day_number"] as? Int } == [1, 2])

        let minutes = try FootfallProcess.run(["count", "--minutes", folder + "/minutes.csv", trace])
        #expect(minutes.status == 0)
        let written = try String(contentsOfFile: folder + "/minutes.csv", encoding: .utf8).split(separator: "\n")
        #expect(written.count == 1 + 26 * 60)
        #expect(written[1] == "\(trace),0,1,00:00,0,0.0,0" && written[1441].hasPrefix("\(trace),86400,2,00:00,"), "\(written[1]) \(written[1441])")
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
