import FootfallDetection
import FootfallInput
import Testing
@testable import FootfallService

/// The configuration file's contract: every key optional, values checked against their ranges,
/// and every refusal names a line that exists in the file.
struct DaemonConfigurationTests {
    @Test func anEmptyFileGivesTheDefaults() throws {
        #expect(try DaemonConfiguration.parse("") == DaemonConfiguration())
        #expect(try DaemonConfiguration.parse("# only a comment\n") == DaemonConfiguration())
    }

    @Test func readsEveryKey() throws {
        let configuration = try DaemonConfiguration.parse("""
            goal: 12_000
            height_cm: 175
            day_start: "04:00"
            palette: colorblind
            target_rate_hz: 100
            retention_days: 365
            approximations: yes
            log_level: debug
            """)
        #expect(configuration.goal == 12_000)
        #expect(configuration.heightCentimetres == 175)
        #expect(configuration.dayStartMinutes == 240)
        #expect(configuration.palette == .colorblind)
        #expect(configuration.targetRateHz == 100)
        #expect(configuration.retentionDays == 365)
        #expect(configuration.approximations)
        #expect(configuration.logLevel == .debug)
    }

    /// One report latency, read by every source through the input configuration.
    @Test func theReportLatencyIsReadCheckedAndHandedToTheSources() throws {
        #expect(DaemonConfiguration().reportLatency == .seconds(1))
        let configuration = try DaemonConfiguration.parse("report_latency: 2.5\n")
        #expect(configuration.reportLatency == .milliseconds(2500))
        #expect(configuration.input.reportLatency == .milliseconds(2500))
        #expect(configuration.input.stillInterval == .seconds(3), "still: the latency, but at least 3 s")
        #expect(try DaemonConfiguration.parse("report_latency: 5\n").input.stillInterval == .seconds(5))
        for text in ["0", "0.05", "11", "soon"] {
            do {
                _ = try DaemonConfiguration.parse("goal: 9000\nreport_latency: \(text)\n", path: "f.yaml")
                Issue.record("accepted report_latency \(text)")
            } catch {
                #expect(error.line == 2)
                #expect(error.description.contains("'report_latency' must be a number from 0.1 to 10"), "\(error)")
            }
        }
        #expect(configuration.keysNeedingRestart(comparedTo: DaemonConfiguration()) == ["report_latency"])
    }

    /// A mount matrix that is not one is refused with its line, so that `--check-config` does
    /// not call the file valid and the daemon does not drop the value without a word.
    @Test(arguments: ["upside down", "1, 0; 0, 1", "1, 0, 0; 0, 1, 0; 0, 0, x", "0, 0, 0; 0, 0, 0; 0, 0, 0"])
    func aMountMatrixThatIsNotOneIsRefusedWithItsLine(text: String) {
        do {
            let configuration = try DaemonConfiguration.parse("goal: 9000\nmount_matrix: \"\(text)\"\n", path: "f.yaml")
            Issue.record("accepted \(String(describing: configuration.mountMatrix))")
        } catch {
            #expect(error.line == 2)
            #expect(error.description.hasPrefix("f.yaml:2: 'mount_matrix' must be three rows of three numbers"), "\(error)")
        }
    }

    @Test func aMountMatrixIsReadAsTheMatrixTheDeviceGets() throws {
        let configuration = try DaemonConfiguration.parse("mount_matrix: \"0, 1, 0; -1, 0, 0; 0, 0, 1\"\n")
        #expect(configuration.mountMatrix == (try MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1")))
        #expect(configuration.input.mountMatrix == configuration.mountMatrix)
        #expect(try DaemonConfiguration.parse("mount_matrix:\n").mountMatrix == nil)
    }

    @Test func theStepSourceIsAutoAccelerometerOrTheChipsCounter() throws {
        #expect(DaemonConfiguration().input.stepSource == .automatic)
        let chip = try DaemonConfiguration.parse("source: hardware-steps\n")
        #expect(chip.input.stepSource == .hardwareSteps)
        #expect(try DaemonConfiguration.parse("source: accelerometer\n").input.stepSource == .accelerometer)
        #expect(chip.keysNeedingRestart(comparedTo: DaemonConfiguration()) == ["source"])
        do {
            _ = try DaemonConfiguration.parse("goal: 9000\nsource: chip\n", path: "f.yaml")
            Issue.record("accepted 'chip'")
        } catch {
            #expect(error.line == 2)
            #expect(error.description.contains("'source' must be one of auto, accelerometer, hardware-steps"), "\(error)")
        }
    }

    @Test func whereTheDeviceIsWornReachesTheDetector() throws {
        // Unknown unless said; the wrist's stricter start thresholds follow from it.
        #expect(DaemonConfiguration().detector.placement == .unknown)
        let watch = try DaemonConfiguration.parse("placement: wrist\n")
        #expect(watch.detector.placement == .wrist)
        // Live, the decision waits its lag.
        #expect(watch.detector.decisionLag == DetectorConfiguration.liveDecisionLag)
        #expect(try DaemonConfiguration.parse("decision_lag: 4\n").detector.decisionLag == .seconds(4))
        #expect(throws: ConfigurationError.self) { try DaemonConfiguration.parse("decision_lag: 90\n") }
        #expect(try DaemonConfiguration.parse("placement: body\n").detector.placement == .body)
        #expect(watch.keysNeedingRestart(comparedTo: DaemonConfiguration()) == ["placement"])
        do {
            _ = try DaemonConfiguration.parse("placement: pocket\n", path: "f.yaml")
            Issue.record("accepted 'pocket'")
        } catch {
            #expect(error.description.contains("'placement' must be one of wrist, body, unknown"), "\(error)")
        }
    }

    @Test func aChangedDeviceOrMatrixWaitsForARestart() throws {
        let before = try DaemonConfiguration.parse("goal: 9000\n")
        let after = try DaemonConfiguration.parse("goal: 8000\ndevice: event3\nmount_matrix: \"-1, 0, 0; 0, -1, 0; 0, 0, 1\"\n")
        #expect(after.keysNeedingRestart(comparedTo: before) == ["device", "mount_matrix"])
        #expect(before.keysNeedingRestart(comparedTo: before) == [])
    }

    /// Found by fuzz-config: libyaml reports a problem at the end of a text without a final
    /// newline on the line after the last, so the error named a line the file does not have.
    @Test(arguments: [("{goal: 5, units_per_g: ", 1), ("goal: 5\ndevice: [a,", 2), ("goal: 5\r\n{", 2), ("goal: 5\n{\n", 2)])
    func anErrorAtTheEndNamesTheLastLine(text: String, line: Int) {
        #expect(throws: ConfigurationError.self) { try DaemonConfiguration.parse(text) }
        do {
            _ = try DaemonConfiguration.parse(text, path: "f.yaml")
        } catch {
            #expect(error.line == line, "\(error)")
        }
    }

    /// A key set twice is refused first, wherever it is, naming the key and the line of its
    /// second setting (quoted or not, it is the same key).
    @Test(arguments: [("goal: 9000\ngoal: 8000\n", 2), ("goal: 9000\ndevice: auto\n\"goal\": 8000\nbogus: 1\n", 3)])
    func aKeySetTwiceIsNamedWithItsLine(text: String, line: Int) {
        do {
            _ = try DaemonConfiguration.parse(text, path: "f.yaml")
            Issue.record("accepted a key set twice")
        } catch {
            #expect(error.description == "f.yaml:\(line): 'goal' is set twice")
        }
    }

    @Test func countsLinesAsYAMLDoes() {
        #expect(lineCount("") == 1)
        #expect(lineCount("a") == 1)
        #expect(lineCount("a\n") == 1)
        #expect(lineCount("a\nb") == 2)
        #expect(lineCount("a\r\nb\rc\u{2028}d") == 4)
    }
}
