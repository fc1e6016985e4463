import Foundation
import Logging
import Testing
import FootfallDetection
@testable import FootfallInput

/// The supervisor keeps the stream going through device loss, with backoff and no busy loop.
struct SupervisedSourceTests {
    /// A device that yields `samplesBeforeLoss` samples, then reports itself lost.
    final class FlakyDevice: SensorSource, @unchecked Sendable {
        let device: SensorDevice
        var remaining: Int
        var time: Double
        init(name: String, samples: Int, startTime: Double) {
            device = SensorDevice(backend: .iio, id: "iio:device\(Int(startTime))", name: name)
            remaining = samples
            time = startTime
        }
        func start() throws(SensorError) {}
        func read(into batch: inout [Sample], timeout: Duration) throws(SensorError) -> SensorReadOutcome {
            guard remaining > 0 else { throw .deviceLost(device.id, .noSuchAddressOrDevice) }
            remaining -= 1
            time += 0.01
            batch.append(Sample(time: time, x: 0, y: 0, z: 9.8))
            return .samples
        }
        func stop() {}
    }

    /// Opens a new flaky device each time, after failing `failuresBetween` times in between.
    final class FlakyOpener: SensorOpening, @unchecked Sendable {
        // Only touched from the test's thread.
        var opens = 0
        var attempts = 0
        var failuresLeft = 0
        let failuresBetween: Int
        var requested: [DeviceSelector] = []
        init(failuresBetween: Int) { self.failuresBetween = failuresBetween }
        func open(_ selector: DeviceSelector) throws(SensorError) -> SensorSource {
            attempts += 1
            requested.append(selector)
            if opens > 0 && failuresLeft > 0 {
                failuresLeft -= 1
                throw .deviceNotFound(selector.description, known: [])
            }
            opens += 1
            failuresLeft = failuresBetween
            return FlakyDevice(name: "accel_3d", samples: 5, startTime: Double(opens * 100))
        }
    }

    @Test func recoversAndTheStreamGoesOn() throws {
        let opener = FlakyOpener(failuresBetween: 2)
        let source = SupervisedSource(catalog: opener, selector: .named("iio:device100"), logger: Logger(label: "test"))
        try source.start()
        var samples: [Sample] = []
        let clockStart = MonotonicClock.now()
        while source.recoveries < 2 && MonotonicClock.now() - clockStart < 20 {
            _ = try source.read(into: &samples, timeout: .milliseconds(100))
        }
        #expect(source.recoveries == 2)
        #expect(source.losses >= 2)
        // Five samples from the first device, five from the one that came back.
        #expect(samples.count == 10)
        #expect(samples[4].time < 101 && samples[5].time > 200)
        // After a loss the device is looked for by name: its id may have changed.
        #expect(opener.requested.dropFirst().allSatisfy { $0 == .named("accel_3d") })
        // Backoff: two failed attempts between recoveries, not a spin of thousands.
        #expect(opener.attempts <= 3 * 3)
    }

    @Test func aMissingDeviceAtStartIsAnError() {
        struct Nothing: SensorOpening {
            func open(_ selector: DeviceSelector) throws(SensorError) -> SensorSource {
                throw .noAccelerometer(searched: "nowhere")
            }
        }
        let source = SupervisedSource(catalog: Nothing(), selector: .automatic, logger: Logger(label: "test"))
        #expect(throws: SensorError.noAccelerometer(searched: "nowhere")) { try source.start() }
    }

    @Test func waitingSleepsInsteadOfSpinning() throws {
        let opener = FlakyOpener(failuresBetween: 1000)
        let source = SupervisedSource(catalog: opener, selector: .automatic, logger: Logger(label: "test"))
        try source.start()
        var samples: [Sample] = []
        var reads = 0
        let start = MonotonicClock.now()
        while MonotonicClock.now() - start < 2 {
            _ = try source.read(into: &samples, timeout: .milliseconds(250))
            reads += 1
        }
        // 2 s of waiting with 0.25 s reads is about 8 reads plus the 5 samples; attempts back off.
        #expect(reads < 40)
        #expect(opener.attempts <= 6)
        #expect(!source.isConnected)
    }
}
