import Foundation
import Logging
import Testing
import FootfallDetection
@testable import FootfallInput
import FootfallProtocol
import FootfallTestSupport

/// Against the host-side fakes (no VM): the real libiio reading a recorded accel_3d sysfs
/// tree fed from a trace, with and without a trigger, and the real libevdev reading a FUSE
/// evdev node, including a SYN_DROPPED resync. tools/hwsim/hardware-tests.sh runs each suite
/// inside its fake with the walk it replays in FOOTFALL_HWSIM_TRACE.
@Suite(.serialized)
struct FakeDeviceTests {
    let logger = Logger(label: "hardware-test")

    var trace: String? { Hardware.environment["FOOTFALL_HWSIM_TRACE"] }

    func allowance(_ steps: Int) -> Int { max(2, Int((0.02 * Double(steps)).rounded(.up))) }

    @Test(.enabled(if: Hardware.fakeIIO || Hardware.required))
    func fakeIIODeviceIsReadBufferedOrPolled() throws {
        guard Hardware.expected(Hardware.fakeIIO, "the fake IIO device (tools/hwsim/fake-iio.sh)") else { return }
        let trace = try #require(trace)
        let expected = try Hardware.offlineCount(trace)
        let catalog = SensorCatalog(configuration: InputConfiguration(), logger: logger)
        let report = catalog.discover()
        #expect(report.devices.contains { $0.backend == .iio && $0.name == "accel_3d" }, "\(report.devices)")
        let source = try catalog.open(.named("accel_3d"))
        try source.start()
        let polling = Hardware.environment["FOOTFALL_HWSIM_NO_TRIGGER"] == "1"
        #expect(source.device.buffered == !polling, polling ? "no trigger: polling fallback" : "buffered capture")
        let counted = Hardware.count(source, limit: 90)
        #expect(counted.error == nil)
        if polling {
            // Polling reads three files per sample at the device's rate: it sees the walk, not every sample.
            #expect(counted.samples > 500)
        } else {
            #expect(abs(counted.steps - expected) <= allowance(expected), "counted \(counted.steps), the file \(expected)")
        }
    }

    @Test(.enabled(if: Hardware.fakeIIONetwork || Hardware.required))
    func fakeIIODeviceOverTheNetwork() throws {
        guard Hardware.expected(Hardware.fakeIIONetwork, "the fake IIO device behind iiod") else { return }
        let trace = try #require(trace)
        let expected = try Hardware.offlineCount(trace)
        var configuration = InputConfiguration()
        configuration.iioURI = "ip:127.0.0.1"
        let catalog = SensorCatalog(configuration: configuration, logger: logger)
        let report = catalog.discover()
        #expect(report.devices.map(\.name) == ["accel_3d"], "a remote context lists only its IIO devices: \(report)")
        let source = try catalog.open(.named("accel_3d"))
        try source.start()
        #expect(source.device.buffered == true)
        let counted = Hardware.count(source, limit: 90)
        #expect(counted.error == nil)
        #expect(abs(counted.steps - expected) <= allowance(expected), "counted \(counted.steps) over iiod, the file \(expected)")
    }

    @Test func anUnreachableRemoteBoardIsAClearError() {
        var configuration = InputConfiguration()
        configuration.iioURI = "ip:192.0.2.1"  // TEST-NET-1: nothing answers
        do {
            _ = try SensorCatalog(configuration: configuration, logger: logger).open(.automatic)
            Issue.record("an unreachable board was opened")
        } catch {
            #expect(error.description.contains("Cannot reach IIO devices at 'ip:192.0.2.1'"), "\(error)")
            #expect(error.description.contains("iiod"))
        }
    }

    @Test(.enabled(if: Hardware.fakeEvdev || Hardware.required))
    func fakeEvdevDeviceCountsAndResynchronises() throws {
        guard Hardware.expected(Hardware.fakeEvdev, "the fake evdev device (tools/hwsim/fake-evdev.sh)") else { return }
        let trace = try #require(trace)
        let expected = try Hardware.offlineCount(trace)
        let report = SensorCatalog(logger: logger).discover()
        let device = try #require(report.devices.first { $0.backend == .evdev }, "\(report.devices) \(report.problems)")
        let source = EvdevSource(path: device.path ?? device.id)
        try source.start()
        let counted = Hardware.count(source, limit: 90)
        #expect(counted.error == nil)
        // The fake drops a burst of events once (SYN_DROPPED): a few samples are lost, the rest flow.
        #expect(abs(counted.steps - expected) <= allowance(expected) + 2, "counted \(counted.steps), the file \(expected)")
    }

    /// An evdev device's steps are filed as "evdev" by the daemon, not as "iio" (the backend of
    /// the device that counted them, whatever the daemon started with).
    @Test(.enabled(if: Hardware.fakeEvdev || Hardware.required))
    func fakeEvdevDeviceStepsAreFiledAsEvdevByTheDaemon() async throws {
        guard Hardware.expected(Hardware.fakeEvdev, "the fake evdev device (tools/hwsim/fake-evdev.sh)") else { return }
        let daemon = try DaemonProcess()
        try await daemon.start(["--device", "/dev/input/event0", "--test-clock-start", "2026-06-01T12:00:00Z"])
        let walking = try await daemon.waitFor("steps from the fake device", timeout: 60) { $0.steps > 20 }
        #expect(walking.source.kind == .evdev)
        // A flush (twice a second) later, the minutes so far are in the store.
        try await Task.sleep(for: .seconds(1))
        let day = localDay("2026-06-01")
        guard case .history(let history) = try await daemon.ask(.history(.init(granularity: .minute, from: day, to: day))) else {
            throw DaemonTestError.unexpected("no HISTORY")
        }
        let minutes = try #require(history.minutes)
        #expect(!minutes.isEmpty)
        #expect(minutes.allSatisfy { $0.source == .evdev }, "\(minutes)")
        try await daemon.stop()
    }
}
