import Foundation
import FootfallAnalysis
import FootfallDetection
import FootfallInput
import FootfallText
import Logging

/// `footfall count --device`: the detector on a live accelerometer, step by step, until Ctrl-C.
/// The device is supervised: if it goes away, counting waits for it and goes on.
struct LiveCount {
    var selector: DeviceSelector
    var json: Bool
    var detector: DetectorConfiguration
    var catalog: SensorCatalog
    var duration: Double?
    var reportCosts: Bool

    func run() throws {
        var logger = Logger(label: "footfall.count") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .notice
        let source = SupervisedSource(catalog: catalog, selector: selector, logger: logger)
        try source.start()
        defer { source.stop() }
        let device = source.device
        FileHandle.standardError.write(Data("counting steps from \(device.id) (\(device.name), \(device.backend.rawValue)); Ctrl-C to stop\n".utf8))
        let interruption = Interruption()
        var stepDetector = StepDetector(configuration: detector)
        var batch: [Sample] = []
        batch.reserveCapacity(4096)
        var steps = 0
        // Final steps are numbered (the count only grows); provisional ones show as pending
        // beside it until their decision counts them or withdraws them. The pending count is the
        // detector's own after each read (a final step need not have been provisional), so a
        // read's lines are written once it is processed.
        var lines: [(event: StepEvent, steps: Int)] = []
        let collect = { (step: StepEvent) in
            if step.kind == .final { steps += 1 }
            lines.append((step, steps))
        }
        func emit(pending: Int) {
            guard !lines.isEmpty else { return }
            var text = ""
            for (step, steps) in lines {
                let kind = switch step.kind { case .final: "final"; case .provisional: "provisional"; case .withdrawn: "withdrawn" }
                text += json
                    ? "{\"kind\": \"\(kind)\", \"step\": \(steps), \"pending\": \(pending), \"time\": \(formatted(step.time, decimals: 3)), \"cadence_spm\": \(formatted(step.cadence, decimals: 1))}\n"
                    : "\(step.kind == .final ? "step" : kind) \(StepCountText.text(steps: steps, pending: pending))\tat \(formatted(step.time, decimals: 3)) s\t\(formatted(step.cadence, decimals: 0)) spm\n"
            }
            lines.removeAll(keepingCapacity: true)
            // Written straight to the descriptor: each read's steps show at once, even through a pipe.
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        let costsBefore = ProcessCosts.now()
        let started = MonotonicClock.now()
        while !interruption.isRequested {
            if let duration, MonotonicClock.now() - started >= duration { break }
            batch.removeAll(keepingCapacity: true)
            if try source.read(into: &batch, timeout: .milliseconds(250)) == .endOfStream { break }
            stepDetector.process(batch, onStep: collect)
            emit(pending: stepDetector.pendingSteps)
        }
        stepDetector.finish(onStep: collect)
        emit(pending: stepDetector.pendingSteps)
        if !json { print("\(steps) steps") }
        if reportCosts {
            let elapsed = MonotonicClock.now() - started
            let costs = ProcessCosts.now() - costsBefore
            let line = "\(stepDetector.samplesProcessed) samples in \(formatted(elapsed, decimals: 1)) s: "
                + "\(formatted(Double(costs.readCalls) / elapsed, decimals: 1)) reads/s, "
                + "\(formatted(Double(costs.wakeups) / elapsed, decimals: 1)) wakeups/s, "
                + "CPU \(formatted(costs.cpuSeconds, decimals: 3)) s (\(formatted(costs.cpuSeconds / elapsed * 100, decimals: 2)) %)\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
}
