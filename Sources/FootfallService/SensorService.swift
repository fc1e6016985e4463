#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import FootfallDetection
import FootfallInput
import FootfallProtocol
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle
import Synchronization
import SystemPackage

/// Reads the accelerometer and runs the detector on a thread of its own, so sampling and
/// detection never wait for a client or the disk.
///
/// It reads in batches of one report latency (`InputConfiguration.reportLatency`): a device
/// that keeps samples while the thread sleeps (a buffered IIO device, a replay) is slept on
/// for the latency and then drained; others (evdev, sysfs polling) are read as samples come
/// but handed on per latency. Each batch goes through the detector, and its steps to the sink
/// (the ledger, through `BatchHandover`) in one update. While nothing moves (no step for a
/// minute and the walking gate idle) the batches are `stillInterval` long, so the thread, and
/// everything that waits on it, wakes once every few seconds. It is the daemon's one beat: an
/// update goes to the sink after every batch, with or without steps.
///
/// Stops within a moment on graceful shutdown: its sleeps end when asked to stop.
public final class SensorService: Service, Sendable, CustomStringConvertible {
    public var description: String { "SensorService" }
    let makeSource: @Sendable () -> SensorSource
    let detector: DetectorConfiguration
    let sink: SensorSink
    let logger: Logger
    let reportLatency: Duration
    let stillInterval: Duration
    let startThread: ThreadStarter
    let stopRequested = Atomic<Bool>(false)
    /// Written to end a sleep early, for shutdown: a pipe polled with a relative timeout, so
    /// a wall clock set back hours does not stretch a sleep (a `DispatchSemaphore`'s timed
    /// wait on Linux ends at a wall-clock instant; the guest's clock-jump test caught it).
    let wakeUp: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
    let published = NIOLockedValueBox(SensorStatus.starting)
    /// Samples a batch holds at most (a replay as fast as possible would otherwise never end one).
    let batchLimit = 65_536
    /// How long without a step before the readings count as still.
    static let stillAfter = 60.0

    /// Creates the service.
    /// - Parameters:
    ///   - makeSource: builds (and starts, or starts waiting for) the source, on the sensor thread.
    ///   - detector: the detector's configuration.
    ///   - sink: where updates go.
    ///   - input: the report latency and the still interval to read by.
    ///   - thread: where the sensor's loop runs.
    /// - Throws: `DaemonError.outOfDescriptors` when the kernel gives no pipe for the wakeup.
    public init(makeSource: @escaping @Sendable () -> SensorSource, detector: DetectorConfiguration,
                sink: SensorSink, logger: Logger, input: InputConfiguration = InputConfiguration(),
                thread: ThreadStarter = .newThread) throws(DaemonError) {
        do {
            wakeUp = try FileDescriptor.pipe(options: [.closeOnExec, .nonBlocking])
        } catch {
            throw .outOfDescriptors(purpose: "the sensor thread's wakeup pipe", error)
        }
        self.startThread = thread
        self.makeSource = makeSource
        self.detector = detector
        self.sink = sink
        self.logger = logger
        self.reportLatency = input.reportLatency
        self.stillInterval = input.stillInterval
    }

    /// The source's state now.
    public var status: SensorStatus { published.withLockedValue { $0 } }

    public func run() async throws {
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    startThread(name: "footfall-sensor") { [self] in
                        self.loop()
                        done.resume()
                    }
                }
            } onGracefulShutdown: {
                self.requestStop()
            }
        } onCancel: {
            self.requestStop()
        }
    }

    deinit {
        try? wakeUp.readEnd.close()
        try? wakeUp.writeEnd.close()
    }

    func requestStop() {
        stopRequested.store(true, ordering: .relaxed)
        // Nothing reads the pipe: one byte keeps every later poll ready. A full pipe (EAGAIN)
        // is as ready as one byte.
        do {
            _ = try withUnsafeBytes(of: UInt8(1)) { try wakeUp.writeEnd.write($0) }
        } catch {
            assert(error as? Errno == .resourceTemporarilyUnavailable, "writing the sensor thread's wakeup pipe: \(error)")
        }
    }

    /// Sleeps until `deadline` (monotonic seconds) or until asked to stop.
    func sleep(until deadline: Double) {
        while !stopRequested.load(ordering: .relaxed) {
            let seconds = deadline - MonotonicClock.now()
            guard seconds > 0 else { return }
            var entry = pollfd(fd: wakeUp.readEnd.rawValue, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, Int32(min((seconds * 1000).rounded(.up), 60_000))) > 0 { return }
        }
    }

    /// The sensor thread's loop: one batch per turn.
    func loop() {
        let source = makeSource()
        published.withLockedValue { $0.device = source.device }
        var stepDetector = StepDetector(configuration: detector)
        var batch: [Sample] = []
        batch.reserveCapacity(8192)
        var steps: [(time: Double, cadence: Double)] = []
        var provisional: [(time: Double, cadence: Double)] = []
        provisional.reserveCapacity(256)
        var withdrawn = 0
        // Each step the detector releases, on the monotonic clock clients are told of: final
        // steps are filed; provisional ones are only shown, until their decision.
        func collect(_ step: StepEvent) {
            switch step.kind {
            case .final: steps.append((source.monotonicTime(ofSampleTime: step.time), step.cadence))
            case .provisional: provisional.append((source.monotonicTime(ofSampleTime: step.time), step.cadence))
            case .withdrawn: withdrawn += 1
            }
        }
        var finished = false
        var decidedInSilence = false
        var lastSamples = MonotonicClock.now()
        let silenceBeforeDeciding = (detector.decisionLag?.inSeconds ?? 0) + reportLatency.inSeconds + stillInterval.inSeconds
        var hardwareSteps: Int?
        // The chip's counter is read with every batch (IIOSource reads it at most once per
        // stepCounterInterval, the report latency); a wrap may span the longest batch.
        var tally = HardwareStepTally(readInterval: stillInterval.inSeconds)
        var lastHandover = MonotonicClock.now()
        // Still from the start: a board that boots lying still sleeps the still interval from
        // its first batch. A walk that starts then is noticed at the next batch, within it, and
        // the walking gate holds its first steps for about as long anyway.
        var lastStep = lastHandover - Self.stillAfter
        defer { source.stop() }
        while !stopRequested.load(ordering: .relaxed) {
            batch.removeAll(keepingCapacity: true)
            steps.removeAll(keepingCapacity: true)
            provisional.removeAll(keepingCapacity: true)
            withdrawn = 0
            let moving = stepDetector.gateState != .idle || lastHandover - lastStep < Self.stillAfter
            let deadline = lastHandover + (moving && !finished ? reportLatency : stillInterval).inSeconds
            var ended = false
            if finished {
                sleep(until: deadline)
            } else {
                do {
                    ended = try read(source, into: &batch, until: deadline) == .endOfStream
                } catch {
                    logger.error("\(error.description)", metadata: ["sensor.device": "\(source.device.id)"])
                    sleep(until: MonotonicClock.now() + 1)
                }
            }
            lastHandover = batch.count >= batchLimit ? lastHandover : MonotonicClock.now()
            if stopRequested.load(ordering: .relaxed) && batch.isEmpty && !ended { break }
            stepDetector.process(batch, onStep: collect)
            // The last batch of a replay may hold samples: they go through the detector before it finishes.
            if ended {
                finished = true
                stepDetector.finish(onStep: collect)
                logger.notice("replay finished; still serving", metadata: ["sensor.device": "\(source.device.id)"])
            }
            // A device that went away, or that has sent nothing for longer than the decision's lag
            // and a batch or two, sends nothing to pass the lag: the steps waiting are decided now,
            // once, from the evidence there is. (The detector would decide them the same way when
            // samples came again, after the gap; now they are not held until then, or lost.)
            let now = MonotonicClock.now()
            if !batch.isEmpty { lastSamples = now }
            let away = (source as? SupervisedSource).map { !$0.isConnected } ?? false
            let silent = now - lastSamples > silenceBeforeDeciding
            if (away || silent) && !finished {
                if !decidedInSilence && stepDetector.gateState != .idle {
                    stepDetector.finish(onStep: collect)
                    decidedInSilence = true
                }
            } else {
                decidedInSilence = false
            }
            if let last = steps.last { lastStep = max(lastStep, last.time) }
            if let last = provisional.last { lastStep = max(lastStep, last.time) }
            // The chip's own counter (sources read it at most once per stepCounterInterval); the
            // tally keeps its last reading through a device's loss, so what the chip counted
            // meanwhile is credited when it is back.
            hardwareSteps = source.hardwareStepCount()
            var counted: (count: Int, time: Double)?
            if let reading = hardwareSteps {
                let now = MonotonicClock.now()
                let before = tally.credited
                let (count, change) = tally.record(reading, at: now)
                counted = (count, now)
                // Steps the chip counted keep the reads at the report latency too.
                if count > before { lastStep = now }
                if change != .counted {
                    logger.info("hardware step counter: \(change)", metadata: ["sensor.device": "\(source.device.id)",
                                                                                 "steps.reading": "\(reading)", "steps.credited": "\(count)"])
                }
            }
            let walking = stepDetector.gateState == .walking
            // The device read now, asked after the read: a supervised source may have found
            // another device (an evdev one after an IIO one went away) since the last.
            let device = source.device
            var update = SensorUpdate(steps: steps, samples: batch.count, walking: walking, cadence: stepDetector.cadence,
                                      backend: device.backend, hardwareSteps: counted,
                                      deviceKeepsSamples: source.holdsSamplesWhileAsleep)
            update.pendingSteps = stepDetector.pendingSteps
            update.provisionalSteps = provisional
            update.withdrawnSteps = withdrawn
            sink.ingest(update)
            let supervised = source as? SupervisedSource
            let state: SourceState = finished ? .finished : (supervised.map { $0.isConnected ? .up : .down } ?? .up)
            let total = stepDetector.samplesProcessed
            published.withLockedValue {
                $0 = SensorStatus(device: device, state: state, losses: supervised?.losses ?? 0,
                                  samplesProcessed: total, hardwareSteps: hardwareSteps)
            }
        }
    }

    /// Reads one batch, to `deadline`: a source that keeps samples is slept on and then
    /// drained; any other is read as samples come until the deadline.
    func read(_ source: SensorSource, into batch: inout [Sample], until deadline: Double) throws(SensorError) -> SensorReadOutcome {
        if source.holdsSamplesWhileAsleep {
            sleep(until: deadline)
            var outcome = SensorReadOutcome.timedOut
            while batch.count < batchLimit {
                let read = try source.read(into: &batch, timeout: .zero)
                if read == .endOfStream { return .endOfStream }
                if read == .timedOut { break }
                outcome = .samples
            }
            return outcome
        }
        var outcome = SensorReadOutcome.timedOut
        repeat {
            // At most a quarter of a second per read, so a stop is seen between reads.
            let left = min(max(deadline - MonotonicClock.now(), 0), 0.25)
            switch try source.read(into: &batch, timeout: .seconds(left)) {
            case .endOfStream: return .endOfStream
            case .samples: outcome = .samples
            case .timedOut: break
            }
        } while MonotonicClock.now() < deadline && batch.count < batchLimit && !stopRequested.load(ordering: .relaxed)
        return outcome
    }
}
