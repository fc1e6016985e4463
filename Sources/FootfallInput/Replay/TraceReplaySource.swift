import FootfallDetection
import FootfallTraces

/// Replays a recorded trace through the same interface as a live device, for demos, tests
/// and the daemon's `--replay`.
///
/// Paced in real time (`speed` 1), faster or slower (`speed` 50 plays an hour in 72 s), or as
/// fast as the reader takes samples (`speed` nil). Sample times keep the trace's own spacing,
/// shifted to start at the monotonic time of `start()`, so the detector sees the true cadence
/// at any speed; `monotonicTime(ofSampleTime:)` maps a sample time to when it was delivered.
/// With `loops`, the trace starts over after its end and time keeps running.
public final class TraceReplaySource: SensorSource {
    public let device: SensorDevice
    let samples: [Sample]
    let speed: Double?
    let loops: Bool
    var index = 0
    var lap = 0
    var lapLength = 0.0
    var originTrace = 0.0
    var originClock = 0.0
    /// Samples a read delivers at most, when not paced.
    let chunk = 4096

    /// Loads the trace.
    /// - Parameters:
    ///   - path: the recording, in any format `Recording` reads.
    ///   - speed: how many times real time; nil for as fast as possible.
    ///   - loops: whether to start over at the end.
    /// - Throws: `SensorError.replay` when the trace cannot be read.
    public init(path: String, speed: Double? = 1, loops: Bool = false) throws(SensorError) {
        do {
            samples = try Recording.readSamples(path: path)
        } catch {
            throw .replay(error.description)
        }
        if let speed, !(speed > 0 && speed.isFinite) { throw .replay("the speed must be a positive number, not \(speed)") }
        self.speed = speed
        self.loops = loops
        let rate = samples.count > 1 ? Double(samples.count - 1) / max(samples.last!.time - samples[0].time, 1e-9) : 0
        device = SensorDevice(backend: .replay, id: path, name: Trace.name(ofPath: path), path: path,
                              currentRateHz: rate.isFinite ? rate : nil)
        let span = samples.last!.time - samples[0].time
        lapLength = span + (samples.count > 1 ? span / Double(samples.count - 1) : 0.02)
    }

    public func start() throws(SensorError) {
        index = 0
        lap = 0
        originTrace = samples[0].time
        originClock = MonotonicClock.now()
    }

    /// The sample time, on the source's clock, of sample `index` in lap `lap`.
    func sourceTime(_ index: Int, lap: Int) -> Double {
        originClock + (samples[index].time - originTrace) + Double(lap) * lapLength
    }

    /// When a sample with time `time` is (or was) delivered, on the monotonic clock.
    public func monotonicTime(ofSampleTime time: Double) -> Double {
        guard let speed else { return time }
        return originClock + (time - originClock) / speed
    }

    public func read(into batch: inout [Sample], timeout: Duration) throws(SensorError) -> SensorReadOutcome {
        if index >= samples.count {
            guard loops else { return .endOfStream }
            index = 0
            lap += 1
        }
        guard let speed else {
            let end = min(samples.count, index + chunk)
            for i in index..<end { batch.append(shifted(i)) }
            index = end
            return .samples
        }
        let now = MonotonicClock.now()
        let due = monotonicTime(ofSampleTime: sourceTime(index, lap: lap))
        if due > now {
            let wait = min(due - now, timeout.inSeconds)
            MonotonicClock.sleep(wait)
            if due > now + wait { return .timedOut }
        }
        let deliveredUntil = MonotonicClock.now()
        let before = batch.count
        while index < samples.count, monotonicTime(ofSampleTime: sourceTime(index, lap: lap)) <= deliveredUntil {
            batch.append(shifted(index))
            index += 1
        }
        _ = speed
        return batch.count > before ? .samples : .timedOut
    }

    func shifted(_ i: Int) -> Sample {
        var sample = samples[i]
        sample.time = sourceTime(i, lap: lap)
        return sample
    }

    public func stop() {}

    /// A replay behaves like a buffered device: what is due waits for the reader, so a reader
    /// that sleeps a report latency gets the latency's samples in one batch.
    public var holdsSamplesWhileAsleep: Bool { true }
}
