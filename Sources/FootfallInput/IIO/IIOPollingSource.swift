#if canImport(CFootfallIIO)
import FootfallDetection
import Logging
import SystemPackage

/// Reads an IIO accelerometer by polling `in_accel_{x,y,z}_raw` at the chosen rate: the
/// fallback for devices whose buffer cannot be used (no trigger, as with some I²C parts
/// without an interrupt line). Costs three reads per sample and a wakeup each, so it is only
/// used when buffered capture fails; the log says so once.
final class IIOPollingSource: SensorSource {
    private var reading: IIOAccelerometerReading
    var device: SensorDevice { reading.device }
    var period = 0.02
    var nextTick = 0.0
    var started = false

    init(_ accelerometer: IIOAccelerometer, configuration: InputConfiguration, logger: Logger) throws(SensorError) {
        reading = try IIOAccelerometerReading(accelerometer, configuration: configuration, logger: logger)
    }

    func start() throws(SensorError) {
        let rate = try reading.prepare()
        period = 1 / rate
        // Fail now, not on the first read, when the values cannot be read at all.
        _ = try readRaw(reading.accelerometer.axes.x)
        nextTick = MonotonicClock.now()
        started = true
        reading.started(rateHz: rate, buffered: false)
    }

    func read(into batch: inout [Sample], timeout: Duration) throws(SensorError) -> SensorReadOutcome {
        guard started else { throw .unsupported(device: device.id, reason: "read before start") }
        let deadline = MonotonicClock.now() + timeout.inSeconds
        if nextTick > deadline {
            MonotonicClock.sleep(deadline - MonotonicClock.now())
            return .timedOut
        }
        MonotonicClock.sleep(nextTick - MonotonicClock.now())
        let axes = reading.accelerometer.axes
        let (x, y, z) = reading.acceleration(try readRaw(axes.x), try readRaw(axes.y), try readRaw(axes.z))
        let now = MonotonicClock.now()
        batch.append(Sample(time: now, x: x, y: y, z: z))
        // Keep to the schedule, but never try to catch up a backlog after a stall.
        nextTick = max(nextTick + period, now)
        return .samples
    }

    func readRaw(_ channel: IIOChannel) throws(SensorError) -> Int64 {
        guard let text = channel.attribute("raw"), let value = Int64(text.trimmingWhitespace()) else {
            throw .deviceLost(device.id, .operationNotSupportedByDevice)
        }
        return value
    }

    func stop() {
        started = false
    }
}
#endif
