import Foundation
import Testing
import FootfallAnalysis
import FootfallDetection
import FootfallInput
import FootfallTraces
#if canImport(Glibc)
import Glibc
#endif

/// Where the hardware tests can run, from the environment that tools/hwsim/hardware-tests.sh
/// sets up: inside the QEMU guest (`FOOTFALL_HWSIM_GUEST=1`, real uinput and uhid), or inside
/// a host-side fake (`FOOTFALL_HWSIM_FAKE=iio|evdev`). On a plain `swift test` they are
/// skipped, unless `FOOTFALL_HWSIM_REQUIRED=1` says the hardware is expected: then a missing
/// environment is a failure, so a run where everything skipped cannot look green.
enum Hardware {
    static let environment = ProcessInfo.processInfo.environment

    /// The environment promises the hardware.
    static let required = environment["FOOTFALL_HWSIM_REQUIRED"] == "1"

    /// In the guest, with the kernel interfaces the fixtures need.
    static let guest = environment["FOOTFALL_HWSIM_GUEST"] == "1"
        && FileManager.default.fileExists(atPath: "/dev/uinput") && FileManager.default.fileExists(atPath: "/dev/uhid")

    /// Inside the fake IIO device.
    static let fakeIIO = environment["FOOTFALL_HWSIM_FAKE"] == "iio"

    /// Inside the fake IIO device, with iiod serving it on 127.0.0.1.
    static let fakeIIONetwork = environment["FOOTFALL_HWSIM_FAKE"] == "iio-network"

    /// Inside the fake IIO chip that offers only its step counter (`fake-iio.sh --steps-only`).
    static let fakeStepCounter = environment["FOOTFALL_HWSIM_FAKE"] == "iio-steps"

    /// Inside the fake IIO accelerometer with a step counter beside it (`fake-iio.sh --steps`).
    static let fakeAccelerometerWithStepCounter = environment["FOOTFALL_HWSIM_FAKE"] == "iio-steps-beside"

    /// The same, replaying from the start whether or not a buffer is enabled (`--start-now`),
    /// for a daemon that counts with the chip only.
    static let fakeAccelerometerChoosingStepCounter = environment["FOOTFALL_HWSIM_FAKE"] == "iio-steps-chosen"

    /// Inside the fake evdev device.
    static let fakeEvdev = environment["FOOTFALL_HWSIM_FAKE"] == "evdev"

    /// Runs a test only where its environment is, or where it is required (and then fails
    /// when the environment is missing).
    static func expected(_ available: Bool, _ what: String) -> Bool {
        if available { return true }
        if required {
            Issue.record("FOOTFALL_HWSIM_REQUIRED=1 but \(what) is not available: the hardware tests must run, not skip")
        }
        return false
    }

    /// The fixtures built by tools/hwsim/build-fixtures.sh.
    static var fixtures: String {
        if let folder = environment["FOOTFALL_HWSIM_BIN"] { return folder }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent(".build-hwsim/bin").path
    }

    /// A synthetic walk with known truth, written to a temporary folder.
    static func walk(duration: Double, seed: UInt64, cadence: Double = 110) throws -> (path: String, truth: [Double]) {
        var walk = SyntheticTrace(kind: .walk)
        walk.duration = duration
        walk.rateHz = 50
        walk.cadence = cadence
        walk.seed = seed
        walk.stillMargin = 3
        let folder = NSTemporaryDirectory() + "footfall-hw-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/walk.csv"
        try walk.write(to: path)
        return (path, walk.generate().steps)
    }

    /// The steps `footfall count` finds in a trace file.
    static func offlineCount(_ path: String) throws -> Int {
        try TraceCount.run(path: path).steps
    }

    /// Counts steps from a source until it ends (a replay fixture that exits takes its
    /// device with it) or `limit` seconds pass.
    /// - Parameter idleLimit: seconds of silence after samples came that end the count; nil
    ///   when a device may vanish for a while and come back.
    static func count(_ source: SensorSource, limit: Double, idleLimit: Double? = 5,
                      stopWhen: () -> Bool = { false }) -> (steps: Int, samples: Int, error: SensorError?) {
        var detector = StepDetector()
        var batch: [Sample] = []
        var steps = 0
        let start = MonotonicClock.now()
        var failure: SensorError?
        var lastSample = start
        // A replay that ended without taking its device along (a fake) goes quiet: 5 s of
        // silence after samples came ends the count.
        while MonotonicClock.now() - start < limit && !stopWhen()
                && !(detector.samplesProcessed > 0 && MonotonicClock.now() - lastSample > (idleLimit ?? .infinity)) {
            batch.removeAll(keepingCapacity: true)
            do {
                if try source.read(into: &batch, timeout: .milliseconds(250)) == .endOfStream { break }
            } catch .deviceLost {
                break
            } catch {
                failure = error
                break
            }
            if !batch.isEmpty { lastSample = MonotonicClock.now() }
            detector.process(batch) { _ in steps += 1 }
        }
        detector.finish { _ in steps += 1 }
        return (steps, detector.samplesProcessed, failure)
    }
}

/// A replay fixture (ff-uinput-accel, ff-uhid-accel) running in the background.
final class Fixture {
    let process = Process()
    let output = Pipe()
    var buffered = ""

    init(_ name: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: Hardware.fixtures + "/" + name)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// The next line the fixture prints (the device node, each time it creates the device).
    func nextLine(timeout: Double = 60) -> String? {
        let handle = output.fileHandleForReading
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let newline = buffered.firstIndex(of: "\n") {
                let line = String(buffered[..<newline])
                buffered.removeSubrange(...newline)
                return line
            }
            var entry = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 200) > 0 else { continue }
            let data = handle.availableData
            if data.isEmpty { return nil }
            buffered += String(decoding: data, as: UTF8.self)
        }
        return nil
    }

    var isRunning: Bool { process.isRunning }

    /// Waits for the fixture to exit; returns its status.
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }
}
