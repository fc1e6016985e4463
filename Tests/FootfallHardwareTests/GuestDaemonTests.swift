import Foundation
import Testing
import FootfallProtocol
import FootfallStore
import FootfallTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The daemon under faults only the guest can make safely: its device vanishing and coming
/// back, its disk filling up, the wall clock jumping hours, the time zone changing. Runs as
/// root in the QEMU guest (tools/hwsim/hardware-tests.sh).
@Suite(.serialized)
struct GuestDaemonTests {
    /// Runs a shell command in the guest; returns its status.
    @discardableResult
    func sh(_ command: String) throws -> Int32 {
        try DaemonProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command]).status
    }

    @Test(.enabled(if: Hardware.guest || Hardware.required))
    func daemonKeepsCountingWhenItsDeviceIsUnpluggedAndBack() async throws {
        guard Hardware.expected(Hardware.guest, "the hwsim guest (uhid)") else { return }
        let (trace, truth) = try Hardware.walk(duration: 40, seed: 51)
        let expected = try Hardware.offlineCount(trace)
        let lost = truth.filter { $0 >= 15 && $0 < 18 }.count
        let fixture = try Fixture("ff-uhid-accel", ["--trace", trace, "--rate", "50", "--speed", "2", "--hid-timestamps",
                                                    "--gap-at", "15", "--gap-for", "3", "-q"])
        _ = fixture.nextLine()
        let daemon = try DaemonProcess()
        try await daemon.start(["--device", "accel_3d"])
        _ = fixture.wait()
        // The device is gone with the fixture: what waited on the decision's lag is decided then.
        let status = try await daemon.waitFor("the walk decided", timeout: 30) {
            $0.source.losses >= 1 && $0.steps >= expected - lost - 12
        }
        #expect(status.source.losses >= 1, "the daemon saw the device go")
        #expect(status.steps >= expected - lost - 12 && status.steps <= expected + 2,
                "counted \(status.steps); the file has \(expected), \(lost) in the gap")
        #expect(daemon.stderr.contains("accelerometer is back"))
        try await daemon.stop()
    }

    @Test(.enabled(if: Hardware.guest || Hardware.required))
    func aFullDiskKeepsStepsInMemoryUntilThereIsRoom() async throws {
        guard Hardware.expected(Hardware.guest, "the hwsim guest (root, tmpfs)") else { return }
        let daemon = try DaemonProcess()
        // The state directory on a 1 MiB file system of its own.
        try FileManager.default.createDirectory(atPath: daemon.stateDirectory, withIntermediateDirectories: true)
        #expect(try sh("mount -t tmpfs -o size=1m footfall-state '\(daemon.stateDirectory)'") == 0)
        defer { _ = try? sh("umount -l '\(daemon.stateDirectory)'") }
        let walk = SampleTracesLocation.path("oxford/Samsung_Dario_Hard_InHand_1.csv")
        try await daemon.start(["--replay", walk, "--speed", "4", "--test-clock-start", "2026-06-01T12:00:00Z"])
        try await daemon.waitFor("the first steps on disk") { $0.steps > 20 }
        // Fill the disk.
        try sh("dd if=/dev/zero of='\(daemon.stateDirectory)/filler' bs=4k 2>/dev/null; sync")
        try await daemon.waitFor("steps while the disk is full", timeout: 30) { $0.steps > 120 }
        #expect(daemon.stderr.contains("kept in memory"), "\(daemon.stderr)")
        // Room again: everything is written.
        try sh("rm -f '\(daemon.stateDirectory)/filler'")
        let finished = try await daemon.waitFor("the replay to finish") { $0.source.state == .finished }
        try await Task.sleep(for: .seconds(2))
        #expect(daemon.stderr.contains("writing to the store again; nothing was lost"))
        #expect(try await daemon.stop() == 0)
        let store = try FootfallDatabase.open(directory: daemon.stateDirectory, logger: .init(label: "test"))
        #expect(try store.dayTotal(localDay("2026-06-01")) == finished.steps)
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test(.enabled(if: Hardware.guest || Hardware.required))
    func wallClockJumpingHoursLosesAndDuplicatesNothing() async throws {
        guard Hardware.expected(Hardware.guest, "the hwsim guest (root, its own clock)") else { return }
        let walk = SampleTracesLocation.path("oxford/Samsung_Dario_Hard_InHand_1.csv")
        let expected = try Hardware.offlineCount(walk)
        #expect(try sh("date -u -s '2026-06-01 12:00:00' >/dev/null") == 0)
        let daemon = try DaemonProcess()
        try await daemon.start(["--replay", walk, "--speed", "3"], environment: ["TZ": "UTC"])
        try await Task.sleep(for: .seconds(12))
        try sh("date -u -s '+3 hours' >/dev/null")     // an NTP step forward
        try await Task.sleep(for: .seconds(12))
        try sh("date -u -s '-5 hours' >/dev/null")     // and back, past where it started
        let finished = try await daemon.waitFor("the replay to finish") { $0.source.state == .finished }
        #expect(finished.steps == expected, "every step counted once, whatever the wall clock did")
        guard case .history(let history) = try await daemon.ask(.history(.init(granularity: .minute, from: localDay("2026-06-01"), to: localDay("2026-06-01")))) else {
            throw DaemonTestError.unexpected("no HISTORY")
        }
        let minutes = try #require(history.minutes)
        #expect(minutes.reduce(0) { $0 + $1.steps } == expected)
        let hours = Set(minutes.map { Int($0.start) / 3600 % 24 })
        #expect(hours.count >= 2, "steps filed at the clock's hours: \(hours.sorted())")
        try await daemon.stop()
    }

    @Test(.enabled(if: Hardware.guest || Hardware.required))
    func aTimeZoneChangeIsFollowedWhileRunning() async throws {
        guard Hardware.expected(Hardware.guest, "the hwsim guest (root, a writable /etc)") else { return }
        // A writable copy of /etc in the guest, with /etc/localtime pointing at UTC.
        #expect(try sh("mkdir -p /tmp/etc && cp -a /etc/. /tmp/etc/ && mount --bind /tmp/etc /etc && ln -sf /usr/share/zoneinfo/Etc/UTC /etc/localtime") == 0)
        defer { _ = try? sh("umount -l /etc") }
        #expect(try sh("date -u -s '2026-06-01 14:59:20' >/dev/null") == 0)
        let walk = SampleTracesLocation.path("oxford/Samsung_Dario_Hard_InHand_1.csv")
        let expected = try Hardware.offlineCount(walk)
        let daemon = try DaemonProcess()
        // No TZ: the daemon follows /etc/localtime, as on a board.
        try await daemon.start(["--replay", walk, "--speed", "2"], environment: ["TZ": ""])
        #expect(try await daemon.status().day == localDay("2026-06-01"))
        // Tokyo is UTC+9: 14:59 UTC is 23:59 there, and the next local day is under a minute away.
        try sh("ln -sf /usr/share/zoneinfo/Asia/Tokyo /etc/localtime")
        try await daemon.waitFor("the day in Tokyo", timeout: 120) { $0.day == localDay("2026-06-02") }
        #expect(daemon.stderr.contains("the system time zone changed"), "\(daemon.stderr)")
        try await daemon.waitFor("the replay to finish", timeout: 120) { $0.source.state == .finished }
        guard case .history(let history) = try await daemon.ask(.history(.init(granularity: .day, from: localDay("2026-06-01"), to: localDay("2026-06-02")))) else {
            throw DaemonTestError.unexpected("no HISTORY")
        }
        let days = try #require(history.days)
        #expect(days.reduce(0) { $0 + $1.steps } == expected, "\(days)")
        #expect(days.allSatisfy { $0.steps > 0 }, "steps on the UTC day before the change, on Tokyo's after: \(days)")
        try await daemon.stop()
    }
}
