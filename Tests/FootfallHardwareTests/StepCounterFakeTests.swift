import Foundation
import Logging
import Testing
@testable import FootfallInput
import FootfallProtocol
import FootfallTestSupport

/// The daemon on a chip's own step counter (IIO `in_steps_input`), on the host's fake IIO tree:
/// counted alone (a chip without accelerometer channels) through a wrap, a reset and the device
/// vanishing and returning; and beside the detector (an accelerometer with a counter), where the
/// detector's count stays the day's and the chip's is shown next to it. tools/hwsim/hardware-tests.sh
/// runs each inside its fake; a plain `swift test` skips them.
@Suite(.serialized)
struct StepCounterFakeTests {
    let logger = Logger(label: "hardware-test")
    let devices = "/sys/bus/iio/devices"
    var chip: String { devices + "/iio:device0" }

    /// Writes the chip's counter as the chip would: the whole file at once.
    func setCounter(_ value: Int, in folder: String? = nil) throws {
        let path = (folder ?? chip) + "/in_steps_input"
        try "\(value)\n".write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
        _ = rename(path + ".tmp", path)
    }

    /// `in_steps_en` as text (libiio writes attributes with their terminating NUL, which a
    /// kernel's sysfs ignores and the fake's file keeps).
    func counterSwitch(in folder: String? = nil) -> String? {
        (try? String(contentsOfFile: (folder ?? chip) + "/in_steps_en", encoding: .utf8))?
            .trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0")))
    }

    func minutes(_ daemon: DaemonProcess) async throws -> [HistoryMinute] {
        let day = localDay("2026-06-01")
        guard case .history(let history) = try await daemon.ask(.history(.init(granularity: .minute, from: day, to: day))) else {
            throw DaemonTestError.unexpected("no HISTORY")
        }
        return history.minutes ?? []
    }

    @Test(.enabled(if: Hardware.fakeStepCounter || Hardware.required))
    func aChipWithOnlyAStepCounterIsCountedThroughWrapResetAndLoss() async throws {
        guard Hardware.expected(Hardware.fakeStepCounter, "the fake step counter (tools/hwsim/fake-iio.sh --steps-only)") else { return }
        let report = SensorCatalog(logger: logger).discover()
        let listed = try #require(report.devices.first { $0.name == "ff-step-counter" }, "\(report.devices)")
        #expect(listed.backend == .hardwareSteps)
        #expect(listed.hasHardwareStepCounter)
        #expect(listed.hardwareSteps == nil, "a counter that is off shows no reading")
        #expect(counterSwitch() == "0")
        let start = Int(try String(contentsOfFile: chip + "/in_steps_input", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(start == 16_777_200, "hardware-tests.sh starts the 24-bit counter near its top")

        // No accelerometer channels: `source: auto` counts with the chip.
        let daemon = try DaemonProcess()
        try await daemon.start(["--test-clock-start", "2026-06-01T12:00:00Z"])
        let first = try await daemon.waitFor("the chip's counter read once", timeout: 30) {
            $0.source.kind == .hardwareSteps && $0.hardwareStepsToday != nil
        }
        #expect(first.steps == 0, "what the chip counted before footfalld started is not credited")
        #expect(first.source.state == .up)
        #expect(counterSwitch() == "1", "footfalld enables the counter")

        try setCounter(16_777_210)
        _ = try await daemon.waitFor("10 steps", timeout: 20) { $0.steps == 10 }
        try setCounter(4)
        _ = try await daemon.waitFor("a wrap at 24 bits: 6 to the top and 4 more", timeout: 20) { $0.steps == 20 }
        try setCounter(1)
        _ = try await daemon.waitFor("a reset: the 1 step since", timeout: 20) { $0.steps == 21 }

        // The device vanishes; the chip counts on meanwhile (its counter survives): 10 more.
        let away = "/sys/bus/iio/away"
        #expect(rename(chip, away) == 0)
        _ = try await daemon.waitFor("the device lost", timeout: 20) { $0.source.state == .down }
        try setCounter(11, in: away)
        #expect(rename(away, chip) == 0)
        _ = try await daemon.waitFor("the device back with what it counted meanwhile", timeout: 40) {
            $0.source.state == .up && $0.steps == 31
        }

        // Again, and this time it comes back re-probed: counter reset and off, 5 steps counted.
        #expect(rename(chip, away) == 0)
        _ = try await daemon.waitFor("the device lost again", timeout: 20) { $0.source.state == .down }
        try setCounter(5, in: away)
        try "0\n".write(toFile: away + "/in_steps_en", atomically: false, encoding: .utf8)
        #expect(rename(away, chip) == 0)
        let back = try await daemon.waitFor("the re-probed device's 5 steps", timeout: 40) { $0.source.state == .up && $0.steps == 36 }
        #expect(counterSwitch() == "1", "enabled again on its return")
        #expect(back.source.losses == 2)
        #expect(back.hardwareStepsToday == 36)
        #expect(back.cadenceSpm == 0)

        // Stored under the chip's own source, without cadence; no step was lost or doubled.
        try await Task.sleep(for: .seconds(1.5))
        let stored = try await minutes(daemon)
        #expect(stored.reduce(0) { $0 + $1.steps } == 36, "\(stored)")
        #expect(stored.allSatisfy { $0.source == .hardwareSteps && $0.cadenceSpm == 0 }, "\(stored)")
        let status = try daemon.footfall(["status"], environment: ["NO_COLOR": "1"])
        #expect(status.stdout.contains("hardware-steps iio:device0 (ff-step-counter): up"), "\(status.stdout)")
        #expect(status.stdout.contains("no step times or cadence"), "\(status.stdout)")
        try await daemon.stop()
        #expect(daemon.stderr.contains("wrapped(bits: 24)"), "the log says what it made of the fall")
    }

    /// `source: hardware-steps` on a chip that also offers its accelerometer: the chip counts,
    /// the accelerometer's buffer is never read.
    @Test(.enabled(if: Hardware.fakeAccelerometerChoosingStepCounter || Hardware.required))
    func sourceHardwareStepsCountsWithTheChipAndLeavesTheAccelerometerAlone() async throws {
        guard Hardware.expected(Hardware.fakeAccelerometerChoosingStepCounter,
                                "the fake accelerometer with a step counter, replaying at once (fake-iio.sh --steps --start-now)") else { return }
        let trace = try #require(Hardware.environment["FOOTFALL_HWSIM_TRACE"])
        let truth = try trueSteps(of: trace)
        let daemon = try DaemonProcess()
        let configuration = daemon.folder + "/footfalld.yaml"
        try "source: hardware-steps\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        try await daemon.start(["--config", configuration, "--test-clock-start", "2026-06-01T12:00:00Z"])
        let done = try await daemon.waitFor("the chip's count of the whole walk", timeout: 120) { $0.steps == truth }
        #expect(done.source.kind == .hardwareSteps)
        #expect(done.source.name == "accel_3d")
        #expect(done.samplesProcessed == 0, "no sample read")
        #expect(done.hardwareStepsToday == truth)
        try await Task.sleep(for: .seconds(1.5))
        let stored = try await minutes(daemon)
        #expect(stored.reduce(0) { $0 + $1.steps } == truth)
        #expect(stored.allSatisfy { $0.source == .hardwareSteps }, "\(stored)")
        let buffer = try String(contentsOfFile: chip + "/buffer/enable", encoding: .utf8)
        #expect(buffer.hasPrefix("0"), "the buffer was never enabled")
        try await daemon.stop()
    }

    /// The number of true steps in a trace's sidecar.
    func trueSteps(of trace: String) throws -> Int {
        let sidecar = String(trace.dropLast(4)) + ".json"
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sidecar))) as? [String: Any]
        let truth = try #require(json?["step_times"] as? [Double]).count
        #expect(truth > 40)
        return truth
    }

    @Test(.enabled(if: Hardware.fakeAccelerometerWithStepCounter || Hardware.required))
    func theChipsCountIsShownBesideTheDetectorsAndNotFiled() async throws {
        guard Hardware.expected(Hardware.fakeAccelerometerWithStepCounter,
                                "the fake accelerometer with a step counter (tools/hwsim/fake-iio.sh --steps)") else { return }
        let trace = try #require(Hardware.environment["FOOTFALL_HWSIM_TRACE"])
        let truth = try trueSteps(of: trace)
        let daemon = try DaemonProcess()
        try await daemon.start(["--device", "accel_3d", "--test-clock-start", "2026-06-01T12:00:00Z"])
        // The feeder adds each true step to the chip's counter as the replay passes it.
        let done = try await daemon.waitFor("the chip's count of the whole walk", timeout: 120) { $0.hardwareStepsToday == truth }
        #expect(done.source.kind == .iio)
        // The detector's last steps are decided once nothing has come for the decision's lag (10 s)
        // and a batch or two: the trace has ended and the device sends no more.
        let allowance = max(2, Int((0.02 * Double(truth)).rounded(.up)))
        let status = try await daemon.waitFor("the detector's decision on the walk's end", timeout: 40) {
            abs($0.steps - truth) <= allowance
        }
        #expect(abs(status.steps - truth) <= allowance, "the detector counted \(status.steps) of \(truth)")
        #expect(status.hardwareStepsToday == truth)
        #expect(status.hardwareSteps == truth, "the chip's own reading, from 0")

        // Only the detector's steps are filed; the chip's are beside them, not added.
        let stored = try await minutes(daemon)
        #expect(stored.allSatisfy { $0.source == .iio }, "\(stored)")
        #expect(stored.reduce(0) { $0 + $1.steps } == status.steps)
        let line = try daemon.footfall(["status"], environment: ["NO_COLOR": "1"])
        #expect(line.stdout.contains("chip's step counter: \(truth) steps today"), "\(line.stdout)")
        let listing = try DaemonProcess.run(DaemonProcess.executable("footfall"), ["devices"])
        #expect(listing.stdout.contains("yes: \(truth)"), "\(listing.stdout)")
        try await daemon.stop()
    }
}
