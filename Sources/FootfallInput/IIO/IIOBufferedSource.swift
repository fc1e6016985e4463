#if canImport(CFootfallIIO)
import FootfallDetection
import Glibc
import FootfallVocabulary
import Logging
import SystemPackage

/// Reads an IIO accelerometer through its buffer: the kernel collects scans on the device's
/// trigger, and the process wakes once per report latency, not once per sample.
///
/// The watermark is rate x report latency when the buffer then holds a still interval (what
/// a poller waits for). The daemon's reader does not poll, though: Linux 6.1's `iio_push_to_buffer` wakes a poller on every sample whatever
/// the watermark, so the reader sleeps a report latency and drains the buffer with
/// non-blocking refills (`holdsSamplesWhileAsleep`); the buffer holds more than its longest
/// sleep. A remote board (libiio's network backend has no descriptor) is read with blocking
/// refills of one watermark.
///
/// Each scan is decoded by its channels' scan types (any width, sign, shift and byte order),
/// converted with scale and offset, and stamped with the timestamp channel when there is one
/// (asked to run on the monotonic clock; a realtime one is converted), else with the read time
/// and the sample period.
final class IIOBufferedSource: SensorSource {
    private var reading: IIOAccelerometerReading
    var device: SensorDevice { reading.device }
    var accelerometer: IIOAccelerometer { reading.accelerometer }
    var configuration: InputConfiguration { reading.configuration }
    var logger: Logger { reading.logger }
    var buffer: IIOBuffer?
    var pollDescriptor: Int32 = -1
    /// Whether the buffer has a descriptor to wait on: libiio's network backend has none, so
    /// for a remote board (ip:HOST) refills block until the server has a wakeup's worth.
    var pollable = true
    var layout: (x: Int, y: Int, z: Int, timestamp: Int?, step: Int) = (0, 0, 0, nil, 0)
    var types: (x: ScanType, y: ScanType, z: ScanType)?
    var rate = 0.0
    var timestampsAreRealtime = false
    /// Counters for the wakeup figures: refills that returned data, and poll wakeups.
    private(set) var refills = 0
    private(set) var wakeups = 0

    init(_ accelerometer: IIOAccelerometer, configuration: InputConfiguration, logger: Logger) throws(SensorError) {
        reading = try IIOAccelerometerReading(accelerometer, configuration: configuration, logger: logger)
    }

    func start() throws(SensorError) {
        let id = device.id
        rate = try reading.prepare()
        let iio = accelerometer.device
        if let timestamp = accelerometer.timestamp {
            timestamp.enable()
            if iio.attribute("current_timestamp_clock") != nil, iio.setAttribute("current_timestamp_clock", "monotonic") != nil {
                timestampsAreRealtime = iio.attribute("current_timestamp_clock") == "realtime"
            }
        }
        for axis in [accelerometer.axes.x, accelerometer.axes.y, accelerometer.axes.z] { axis.enable() }
        let perWakeup = max(1, Int((rate * configuration.reportLatency.inSeconds).rounded()))
        // libiio's buffer of N scans sets the kernel's watermark to N and its length to 4 N
        // (measured in the guest: libiio 0.24). A local device is drained after sleeps of up to
        // `stillInterval`, which the length must hold with room to spare: N is rate x latency
        // when that does, else a quarter of 1.25 stills. A remote one is refilled one watermark
        // at a time (a refill asks for a buffer's worth).
        let remote = configuration.iioURI != nil
        let still = rate * configuration.stillInterval.inSeconds
        let capacity = remote ? perWakeup : max(perWakeup, Int((still * 1.25 / 4).rounded(.up)))
        let buffer: IIOBuffer
        do {
            buffer = try iio.makeBuffer(samples: capacity)
        } catch {
            throw classify(error, operation: "start buffered capture on")
        }
        // What the device allows: the kernel may clamp the watermark to the buffer's length,
        // and a hardware FIFO, when the driver has one, has its own limit.
        let watermark = iio.bufferAttribute("watermark")
        let length = iio.bufferAttribute("length")
        if let watermark, watermark != perWakeup {
            logger.notice("the device keeps another buffer watermark than rate x report latency (this reader sleeps a report latency anyway)",
                          metadata: ["sensor.device": "\(id)", "sensor.watermark": "\(watermark)", "wanted": "\(perWakeup)"])
        }
        if !remote, let length, Double(length) < still {
            logger.warning("the buffer holds less than a still interval; samples may be lost while nothing moves",
                           metadata: ["sensor.device": "\(id)", "sensor.buffer_length": "\(length)", "wanted": "\(Int(still))"])
        }
        do {
            pollDescriptor = try buffer.pollDescriptor()
            try buffer.setNonBlocking()
        } catch {
            pollable = false
            logger.info("the buffer has no poll descriptor (remote board?): reading it with blocking refills",
                        metadata: ["sensor.device": "\(id)"])
        }
        self.buffer = buffer
        let x = accelerometer.axes.x, y = accelerometer.axes.y, z = accelerometer.axes.z
        types = (x.scanType, y.scanType, z.scanType)
        // Where each channel lies in a scan, by the kernel's rules; checked against libiio.
        var channels = [("accel_x", x.index, x.scanType), ("accel_y", y.index, y.scanType), ("accel_z", z.index, z.scanType)]
        if let t = accelerometer.timestamp { channels.append(("timestamp", t.index, t.scanType)) }
        let computed = ScanLayout(channels: channels.map { (name: $0.0, index: $0.1, type: $0.2) })
        layout = (buffer.offset(of: x), buffer.offset(of: y), buffer.offset(of: z),
                  accelerometer.timestamp.map { buffer.offset(of: $0) }, buffer.step)
        if computed.element(named: "accel_x")?.offset != layout.x || computed.element(named: "accel_z")?.offset != layout.z
            || computed.scanBytes != layout.step {
            logger.warning("the scan layout libiio reports differs from the kernel's rules; using libiio's",
                           metadata: ["sensor.device": "\(id)", "computed": "\(computed.scanBytes)", "libiio": "\(layout.step)"])
        }
        logger.info("reading buffered", metadata: ["sensor.device": "\(id)", "sensor.rate": "\(rate)",
                                                   "sensor.watermark": "\(watermark.map(String.init) ?? "?")",
                                                   "sensor.buffer_length": "\(length.map(String.init) ?? "?")",
                                                   "sensor.hwfifo_watermark_max": "\(iio.bufferAttribute("hwfifo_watermark_max").map(String.init) ?? "none")"])
        reading.started(rateHz: rate, buffered: true)
    }

    func read(into batch: inout [Sample], timeout: Duration) throws(SensorError) -> SensorReadOutcome {
        guard let buffer, let types else { throw .unsupported(device: device.id, reason: "read before start") }
        guard pollable else {
            let count: Int
            do {
                count = try buffer.refill()
            } catch .timedOut {
                // A remote board that sent nothing within libiio's timeout: no data yet.
                return .timedOut
            } catch {
                throw classify(error, operation: "read")
            }
            wakeups += 1
            return count == 0 ? .timedOut : decode(buffer, types: types, into: &batch)
        }
        var entry = pollfd(fd: pollDescriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: timeout.wholeMilliseconds)
        var ready: Int32
        repeat { ready = poll(&entry, 1, milliseconds) } while ready < 0 && errno == EINTR
        if ready < 0 { throw .io(operation: "wait for", path: device.path ?? device.id, Errno(rawValue: errno)) }
        wakeups += 1
        if entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { throw .deviceLost(device.id, nil) }
        // A device that was unregistered (unplugged, driver unbound) never wakes poll() again
        // (Linux 6.1 answers no events); only a read says ENODEV. So a quiet poll is followed
        // by a non-blocking refill: data, EAGAIN (alive, nothing yet), or the device's loss.
        let count: Int
        do { count = try buffer.refill() } catch { throw classify(error, operation: "read") }
        if count == 0 { return .timedOut }
        return decode(buffer, types: types, into: &batch)
    }

    /// Turns the last refill's scans into samples.
    func decode(_ buffer: IIOBuffer, types: (x: ScanType, y: ScanType, z: ScanType), into batch: inout [Sample]) -> SensorReadOutcome {
        refills += 1
        let bytes = buffer.bytes
        let scans = bytes.count / layout.step
        let readTime = MonotonicClock.now()
        let offset = timestampsAreRealtime ? MonotonicClock.wallClockOffset() : 0
        batch.reserveCapacity(batch.count + scans)
        for scan in 0..<scans {
            let base = bytes.baseAddress! + scan * layout.step
            let (x, y, z) = reading.acceleration(types.x.decode(base + layout.x), types.y.decode(base + layout.y),
                                                 types.z.decode(base + layout.z))
            let time: Double
            if let stamp = layout.timestamp {
                time = Double(base.loadUnaligned(fromByteOffset: stamp, as: Int64.self)) * 1e-9 - offset
            } else {
                time = readTime - Double(scans - 1 - scan) / rate
            }
            batch.append(Sample(time: time, x: x, y: y, z: z))
        }
        return .samples
    }

    /// A local buffer keeps scans while the reader sleeps; a remote one is read by blocking refills.
    var holdsSamplesWhileAsleep: Bool { pollable }

    func stop() {
        buffer = nil
        pollDescriptor = -1
    }

    /// What a failed buffer operation means. A broken connection or a buffer libiio tore down
    /// (EBADF after a network timeout) is a lost device too: the supervisor reopens it.
    func classify(_ error: Errno, operation: String) -> SensorError {
        switch error {
        case .operationNotSupportedByDevice, .noSuchAddressOrDevice, .noSuchFileOrDirectory, .ioError,
             .connectionReset, .brokenPipe, .socketNotConnected, .badFileDescriptor:
            return .deviceLost(device.id, error)
        case .permissionDenied, .notPermitted: return .permissionDenied(path: device.path ?? device.id, backend: .iio)
        default: return .io(operation: operation, path: device.path ?? device.id, error)
        }
    }
}

#endif
