import Foundation
import FootfallTestSupport
import Logging
import Testing
import FootfallDetection
@testable import FootfallInput

/// Against the real kernel in the QEMU guest: a synthetic walk replayed through a uinput
/// evdev accelerometer and through a uhid HID sensor hub (which the stock drivers make a
/// buffered IIO device) must count what `footfall count` counts on the file, within what the
/// devices' quantisation and timing explain:
///
/// - evdev: 256 units per g (0.038 m/s² steps) is far below the detector's 0.2 m/s² floor, but
///   the kernel drops samples whose value did not change (0.2 % at 50 Hz) and stamps events on
///   arrival, with the fixture's scheduling jitter (a few ms against a 20 ms period);
/// - IIO: 1 mg units (0.0098 m/s²), HID timestamps carrying the trace's own times.
///
/// Allowance: 2 steps or 2 %, whichever is larger. A device destroyed and recreated in the
/// middle of the walk must not stop counting.
@Suite(.serialized)
struct GuestTests {
    let logger = Logger(label: "hardware-test")

    func allowance(_ steps: Int) -> Int { max(2, Int((0.02 * Double(steps)).rounded(.up))) }

    @Test(.enabled(if: Hardware.guest || Hardware.required))
    func evdevAccelerometerCountsLikeTheFile() throws {
        guard Hardware.expected(Hardware.guest, "the hwsim guest (uinput)") else { return }
        let (trace, _) = try Hardware.walk(duration: 40, seed: 31)
        let expected = try Hardware.offlineCount(trace)
        let fixture = try Fixture("ff-uinput-accel", ["--trace", trace, "--rate", "50", "-q"])
        let node = try #require(fixture.nextLine(), "the fixture printed no device node")
        let source = EvdevSource(path: node)
        try source.start()
        #expect(source.device.unitsPerG == [256, 256, 256], "resolution read from the device, not assumed")
        let counted = Hardware.count(source, limit: 120)
        #expect(counted.error == nil)
        #expect(fixture.wait() == 0)
        #expect(abs(counted.steps - expected) <= allowance(expected), "evdev counted \(counted.steps), the file \(expected)")
        #expect(counted.samples > 1800, "about 50 Hz for 40 s")
    }

    @Test(.enabled(if: Hardware.guest || Hardware.required))
    func iioAccelerometerCountsLikeTheFile() throws {
        guard Hardware.expected(Hardware.guest, "the hwsim guest (uhid)") else { return }
        let (trace, _) = try Hardware.walk(duration: 40, seed: 32)
        let expected = try Hardware.offlineCount(trace)
        let fixture = try Fixture("ff-uhid-accel", ["--trace", trace, "--rate", "50", "--hid-timestamps", "--speed", "2", "-q"])
        #expect(fixture.nextLine() != nil, "the fixture printed no IIO node")
        let catalog = SensorCatalog(configuration: InputConfiguration(), logger: logger)
        let source = try catalog.open(.named("accel_3d"))
        try source.start()
        #expect(source.device.buffered == true, "buffered capture with the trigger, not polling")
        let counted = Hardware.count(source, limit: 120)
        #expect(counted.error == nil)
        #expect(abs(counted.steps - expected) <= allowance(expected), "IIO counted \(counted.steps), the file \(expected)")
        if let iio = source as? IIOSource, let counters = iio.bufferCounters {
            // 50 Hz and 4 wakeups a second: about 12 scans a refill, not one.
            #expect(counted.samples / max(counters.refills, 1) >= 6, "\(counted.samples) samples in \(counters.refills) refills")
        }
        _ = fixture.wait()
    }

    @Test(.enabled(if: Hardware.guest || Hardware.required))
    func countingGoesOnWhenTheIIODeviceIsRecreated() throws {
        guard Hardware.expected(Hardware.guest, "the hwsim guest (uhid)") else { return }
        let (trace, truth) = try Hardware.walk(duration: 40, seed: 33)
        let expected = try Hardware.offlineCount(trace)
        // Gone from 15 s to 18 s of the walk: its steps there are lost, as in a real unplug.
        let lost = truth.filter { $0 >= 15 && $0 < 18 }.count
        let fixture = try Fixture("ff-uhid-accel", ["--trace", trace, "--rate", "50", "--speed", "2", "--hid-timestamps",
                                                    "--gap-at", "15", "--gap-for", "3", "-q"])
        _ = fixture.nextLine()
        let supervised = SupervisedSource(catalog: SensorCatalog(logger: logger), selector: .named("accel_3d"), logger: logger)
        try supervised.start()
        let counted = Hardware.count(supervised, limit: 120, idleLimit: nil) { !fixture.isRunning }
        #expect(supervised.losses >= 1 && supervised.recoveries >= 1, "lost \(supervised.losses), recovered \(supervised.recoveries)")
        // The steps around the gap (the gate confirms the walk again) cost a few more.
        let low = expected - lost - allowance(expected) - 8
        #expect(counted.steps >= low && counted.steps <= expected + allowance(expected),
                "counted \(counted.steps); the file has \(expected), \(lost) of them in the gap")
    }

    @Test(.enabled(if: Hardware.guest || Hardware.required))
    func countingGoesOnWhenTheEvdevDeviceIsRecreated() throws {
        guard Hardware.expected(Hardware.guest, "the hwsim guest (uinput)") else { return }
        let (trace, truth) = try Hardware.walk(duration: 40, seed: 34)
        let expected = try Hardware.offlineCount(trace)
        let lost = truth.filter { $0 >= 15 && $0 < 18 }.count
        let fixture = try Fixture("ff-uinput-accel", ["--trace", trace, "--rate", "50", "--gap-at", "15", "--gap-for", "3", "-q"])
        let node = try #require(fixture.nextLine())
        let supervised = SupervisedSource(catalog: SensorCatalog(logger: logger), selector: .named(node), logger: logger)
        try supervised.start()
        let counted = Hardware.count(supervised, limit: 120, idleLimit: nil) { !fixture.isRunning }
        #expect(supervised.recoveries >= 1, "lost \(supervised.losses), recovered \(supervised.recoveries)")
        let low = expected - lost - allowance(expected) - 8
        #expect(counted.steps >= low && counted.steps <= expected + allowance(expected),
                "counted \(counted.steps); the file has \(expected), \(lost) of them in the gap")
    }

    @Test(.enabled(if: Hardware.guest || Hardware.required))
    func anUnprivilegedUserIsToldWhichGroupAndRuleToUse() throws {
        guard Hardware.expected(Hardware.guest, "the hwsim guest") else { return }
        let (trace, _) = try Hardware.walk(duration: 15, seed: 36)
        let evdev = try Fixture("ff-uinput-accel", ["--trace", trace, "--rate", "50", "--wait-reader", "10", "-q"])
        let iio = try Fixture("ff-uhid-accel", ["--trace", trace, "--rate", "50", "--wait-reader", "10", "-q"])
        let node = try #require(evdev.nextLine())
        _ = iio.nextLine()
        // Device nodes in the guest are root-only (devtmpfs, no udev): nobody may not read them.
        let footfall = DaemonProcessPath.footfall
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups", footfall, "count", "--duration", "1", "--device"]
        let input = try runProcess(setpriv, asNobody + [node])
        #expect(input.status != 0)
        #expect(input.stderr.contains("Cannot open \(node): permission denied. Add your user to the 'input' group"), "\(input.stderr)")
        let industrial = try runProcess(setpriv, asNobody + ["accel_3d"])
        #expect(industrial.status != 0)
        #expect(industrial.stderr.contains("permission denied") && industrial.stderr.contains("70-footfall.rules"), "\(industrial.stderr)")
        #expect(!input.stderr.contains("Fatal error") && !industrial.stderr.contains("Fatal error"))
    }

    @Test(.enabled(if: Hardware.guest || Hardware.required))
    func discoveryFindsBothKindsOfAccelerometer() throws {
        guard Hardware.expected(Hardware.guest, "the hwsim guest") else { return }
        let (trace, _) = try Hardware.walk(duration: 20, seed: 35)
        let evdev = try Fixture("ff-uinput-accel", ["--trace", trace, "--rate", "50", "--wait-reader", "20", "-q"])
        let iio = try Fixture("ff-uhid-accel", ["--trace", trace, "--rate", "50", "--wait-reader", "20", "-q"])
        let node = try #require(evdev.nextLine())
        _ = iio.nextLine()
        let report = SensorCatalog(logger: logger).discover()
        let iioDevice = try #require(report.devices.first { $0.backend == .iio && $0.name == "accel_3d" }, "\(report)")
        #expect(iioDevice.scale == 0.00980665)
        #expect(iioDevice.availableRates != nil || iioDevice.currentRateHz != nil)
        #expect(iioDevice.buffered == true)
        let evdevDevice = try #require(report.devices.first { $0.backend == .evdev && $0.path == node }, "\(report)")
        #expect(evdevDevice.unitsPerG == [256, 256, 256])
    }
}

/// The footfall executable beside the test bundle.
enum DaemonProcessPath {
    static var footfall: String { DaemonProcess.executable("footfall").path }
}

/// Runs a program and collects its output.
func runProcess(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    try DaemonProcess.run(executable, arguments)
}
