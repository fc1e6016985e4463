// Foundation (not FoundationEssentials alone) for Thread, the sensor's own blocking thread.
import Foundation
import FootfallDetection
import FootfallInput
import FootfallProtocol
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle
import Synchronization

/// Reads the accelerometer and runs the detector on a thread of its own, so sampling and
/// detection never wait for a client or the disk: each read's steps are handed to the sink
/// (an in-memory ledger) and the thread goes back to reading. Stops between reads (at most a
/// quarter of a second) on graceful shutdown.
public final class SensorService: Service, Sendable, CustomStringConvertible {
    public var description: String { "SensorService" }
    let makeSource: @Sendable () -> SensorSource
    let detector: DetectorConfiguration
    let sink: SensorSink
    let logger: Logger
    let stopRequested = Atomic<Bool>(false)
    let published = NIOLockedValueBox(SensorStatus.starting)

    /// Creates the service.
    /// - Parameters:
    ///   - makeSource: builds (and starts, or starts waiting for) the source, on the sensor thread.
    ///   - detector: the detector's configuration.
    ///   - sink: where updates go.
    public init(makeSource: @escaping @Sendable () -> SensorSource, detector: DetectorConfiguration,
                sink: SensorSink, logger: Logger) {
        self.makeSource = makeSource
        self.detector = detector
        self.sink = sink
        self.logger = logger
    }

    /// The source's state now.
    public var status: SensorStatus { published.withLockedValue { $0 } }

    public func run() async throws {
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    let thread = Thread { [self] in
                        self.loop()
                        done.resume()
                    }
                    thread.name = "footfall-sensor"
                    thread.start()
                }
            } onGracefulShutdown: {
                self.stopRequested.store(true, ordering: .relaxed)
            }
        } onCancel: {
            self.stopRequested.store(true, ordering: .relaxed)
        }
    }

    /// The sensor thread's loop.
    func loop() {
        let source = makeSource()
        published.withLockedValue { $0.device = source.device }
        var stepDetector = StepDetector(configuration: detector)
        var batch: [Sample] = []
        batch.reserveCapacity(8192)
        var steps: [(time: Double, cadence: Double)] = []
        var finished = false
        var hardwareSteps: Int?
        // Read once per InputConfiguration.stepCounterInterval (1 s, the report latency to be).
        var tally = HardwareStepTally(readInterval: 1)
        defer { source.stop() }
        while !stopRequested.load(ordering: .relaxed) {
            batch.removeAll(keepingCapacity: true)
            steps.removeAll(keepingCapacity: true)
            if finished {
                MonotonicClock.sleep(0.25)
                continue
            }
            do {
                if try source.read(into: &batch, timeout: .milliseconds(250)) == .endOfStream {
                    finished = true
                    stepDetector.finish { steps.append((source.monotonicTime(ofSampleTime: $0.time), $0.cadence)) }
                    logger.notice("replay finished; still serving", metadata: ["sensor.device": "\(source.device.id)"])
                }
            } catch {
                logger.error("\(error.description)", metadata: ["sensor.device": "\(source.device.id)"])
                MonotonicClock.sleep(1)
            }
            stepDetector.process(batch) { steps.append((source.monotonicTime(ofSampleTime: $0.time), $0.cadence)) }
            // The chip's own counter (sources read it at most once per stepCounterInterval); the
            // tally keeps its last reading through a device's loss, so what the chip counted
            // meanwhile is credited when it is back.
            hardwareSteps = source.hardwareStepCount()
            var counted: (count: Int, time: Double)?
            if let reading = hardwareSteps {
                let now = MonotonicClock.now()
                let (count, change) = tally.record(reading, at: now)
                counted = (count, now)
                if change != .counted {
                    logger.info("hardware step counter: \(change)", metadata: ["sensor.device": "\(source.device.id)",
                                                                                 "steps.reading": "\(reading)", "steps.credited": "\(count)"])
                }
            }
            let walking = stepDetector.gateState == .walking
            // The device read now, asked after the read: a supervised source may have found
            // another device (an evdev one after an IIO one went away) since the last.
            let device = source.device
            sink.ingest(SensorUpdate(steps: steps, samples: batch.count, walking: walking, cadence: stepDetector.cadence,
                                     backend: device.backend, hardwareSteps: counted))
            let supervised = source as? SupervisedSource
            let state: SourceState = finished ? .finished : (supervised.map { $0.isConnected ? .up : .down } ?? .up)
            let total = stepDetector.samplesProcessed
            published.withLockedValue {
                $0 = SensorStatus(device: device, state: state, losses: supervised?.losses ?? 0,
                                  samplesProcessed: total, hardwareSteps: hardwareSteps)
            }
        }
    }
}
