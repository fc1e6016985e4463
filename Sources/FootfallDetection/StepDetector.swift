/// Counts steps in a stream of accelerometer samples, in real time.
///
/// The stages, each a struct owning its state: magnitude (orientation-free) ->
/// `BinAveragingResampler` (any rate and jitter to a fixed 25 Hz) -> `BandPassFilter` ->
/// `PeakDetector` (one candidate per cycle, adaptive threshold) and `PeriodicityTracker` (step
/// period, periodicity) -> `WalkingGate` (the runs of candidates followed as walks, the
/// stretches judged, the decision over each bout). The detector only composes them, and does
/// what the gate asks (`GateAction`): it measures the stretches the gate asks about with
/// `MotionEvidence`, and takes every candidate's outcome.
///
/// Feed samples one at a time or in batches, in time order; steps come out through the
/// `onStep` closure with their own times on the input's clock, once their stretch is decided:
/// offline when its bout has ended, live `DetectorConfiguration.decisionLag` after it. The same
/// code path serves offline counting and the live daemon. Storage is allocated once, in `init`: processing a
/// sample never allocates, and the work per sample is bounded.
public struct StepDetector: Sendable {
    /// The configuration the detector was built with.
    public let configuration: DetectorConfiguration
    var resampler: BinAveragingResampler
    /// The axes summed over the current processing period (x, y, z, and the count in lane 3).
    var axisSum = SIMD4<Double>.zero
    /// The last period's mean axes, held when a period has no sample of its own (upsampling).
    var lastAxes = SIMD4<Double>.zero
    /// Band-passes the magnitude (lane 0) and the three axes (lanes 1-3) together.
    var filter: BandPassFilter<SIMD4<Float>>
    var motion: MotionEvidence
    var peaks: PeakDetector
    var gate: WalkingGate
    /// `gate.nextDeadline`, kept as the gate changes (only `perform` and `finishSegment` change
    /// it), so the per-frame test is one comparison.
    var gateDeadline = Double.infinity
    var rhythm: PeriodicityTracker
    let timeOffset: Double
    let contextSpan: Double
    var needsSettling = true
    var rhythmFrameDue = false
    var previousFiltered = 0.0
    /// The latest strong candidates, for probes (only when an observer asks for them).
    var probed: FixedRing<StepCandidate>

    /// Steps credited so far: final steps only.
    public internal(set) var stepCount = 0
    /// Steps reported provisional whose decision is still to come (0 without
    /// `DetectorConfiguration.showsProvisionalSteps`).
    public var pendingSteps: Int { gate.provisionalSteps }
    /// Steps reported provisional so far, whatever their decision.
    public internal(set) var provisionalReported = 0
    /// Provisional steps the decision refused so far.
    public internal(set) var withdrawnSteps = 0
    /// Samples processed so far.
    public internal(set) var samplesProcessed = 0

    /// Creates a detector.
    /// - Parameter configuration: the tunables; the defaults suit every placement tried.
    public init(configuration: DetectorConfiguration = .default) {
        self.configuration = configuration
        resampler = BinAveragingResampler(outputRateHz: configuration.processingRateHz,
                                          maximumGap: configuration.maximumGap.inSeconds)
        motion = MotionEvidence(configuration: configuration)
        filter = BandPassFilter(highPassHz: configuration.highPassHz, lowPassHz: configuration.lowPassHz,
                                sampleRateHz: configuration.processingRateHz)
        peaks = PeakDetector(configuration: configuration)
        gate = WalkingGate(configuration: configuration)
        // The rhythm is tracked on every other frame: walking's fundamental is below 3 Hz, the
        // autocorrelation's peak is refined between lags, and half the frames halve its work.
        var rhythmConfiguration = configuration
        rhythmConfiguration.processingRateHz = configuration.processingRateHz / 2
        rhythm = PeriodicityTracker(configuration: rhythmConfiguration)
        timeOffset = configuration.stepTimeOffset.inSeconds
        contextSpan = configuration.decisionContext.inSeconds
        probed = FixedRing(capacity: max(1, gate.selection.longestShortWalk))
    }

    /// Where the walking gate stands.
    public var gateState: GateState { gate.state }
    /// Current cadence while walking, steps per minute; 0 otherwise.
    public var cadence: Double { gate.cadence }

    /// Processes one sample.
    /// - Parameters:
    ///   - sample: the next sample; its time must not be earlier than the previous one's.
    ///   - onStep: called for each step credited.
    public mutating func process(_ sample: Sample, onStep: (StepEvent) -> Void) {
        var observer = NoObserver()
        process(sample, observer: &observer, onStep: onStep)
    }

    /// Processes a batch of samples, in order.
    public mutating func process(_ samples: UnsafeBufferPointer<Sample>, onStep: (StepEvent) -> Void) {
        // Frames the resampler has completed and the stages after it have not yet taken, up to
        // `heldFrames`, as sums: the magnitude's integral over the period and the axes summed
        // over its samples (lane 3 counts them). The divisions and the square root that make a
        // frame of them, and the stages after, wait until the frames held are processed
        // together, so the resampling loop does not wait on them. The stages after the
        // resampler read nothing the resampling writes, and it nothing they write, so this is
        // the same work as taking each frame at once, in the same order for each stage.
        withUnsafeTemporaryAllocation(of: HeldFrame.self, capacity: Self.heldFrames) { held in
            var heldCount = 0
            var index = 0
            while index < samples.count {
                // Every sample that continues the segment, in one loop with the resampler's
                // state in registers (a copy: the frames processed meanwhile do not read it).
                var resampling = resampler
                var sum = axisSum
                let end = resampling.pushContinuing(samples, from: index) { sample in
                    sample.x * sample.x + sample.y * sample.y + sample.z * sample.z
                } pushed: { sample in
                    sum += SIMD4(sample.x, sample.y, sample.z, 1)
                } completed: { time, integral in
                    if heldCount == Self.heldFrames {
                        processHeld(held, count: heldCount, onStep: onStep)
                        heldCount = 0
                    }
                    held[heldCount] = HeldFrame(time: time, integral: integral, axisSum: sum)
                    heldCount += 1
                    if sum[3] > 0 { sum = .zero }
                }
                resampler = resampling
                axisSum = sum
                samplesProcessed += end - index
                index = end
                guard index < samples.count else { break }
                // A sample that starts a segment (or is ignored) takes the whole path, after
                // the frames before it.
                processHeld(held, count: heldCount, onStep: onStep)
                heldCount = 0
                var observer = NoObserver()
                process(samples[index], observer: &observer, onStep: onStep)
                index += 1
            }
            processHeld(held, count: heldCount, onStep: onStep)
        }
    }

    /// A frame the batch path holds back: its time, the magnitude's integral over its period,
    /// and the axes summed over the period's samples (lane 3 counts them).
    struct HeldFrame {
        var time: Double
        var integral: Double
        var axisSum: SIMD4<Double>
    }

    /// Processes the first `count` frames held, in order: what `process(_:observer:onStep:)`
    /// does with each frame, the mean square's division, its root and the axes' mean first,
    /// for all of them.
    @inline(__always)
    mutating func processHeld(_ held: UnsafeMutableBufferPointer<HeldFrame>, count: Int, onStep: (StepEvent) -> Void) {
        guard count > 0 else { return }
        withUnsafeTemporaryAllocation(of: SIMD4<Double>.self, capacity: Self.heldFrames) { frames in
            let period = resampler.period
            for i in 0..<count {
                // The axes need no exact integral (they feed the motion evidence, not the step
                // timing): the mean of the samples that fell in the period, or the last mean
                // when none did.
                let axisSum = held[i].axisSum
                if axisSum[3] > 0 { lastAxes = axisSum * (1 / axisSum[3]) }
                frames[i] = SIMD4((held[i].integral / period).squareRoot(), lastAxes[0], lastAxes[1], lastAxes[2])
            }
            var observer = NoObserver()
            for i in 0..<count {
                processFrame(time: held[i].time, frame: frames[i], observer: &observer, onStep: onStep)
            }
        }
    }

    /// How many completed frames the batch path holds back before processing them. Two is
    /// enough for the division and the root of one frame to overlap the next frame's
    /// resampling; more hold the resampling loop's state in memory for longer. (Measured with
    /// `footfall bench --speed`: on ipol-lowerback's 100 Hz, 2 frames about 4 % faster than 8
    /// and faster than 1, 4 or 32; on oxford-phone's 100-405 Hz, 2 % faster than 8.)
    static let heldFrames = 2

    /// Processes a batch of samples, in order.
    public mutating func process(_ samples: [Sample], onStep: (StepEvent) -> Void) {
        samples.withUnsafeBufferPointer { process($0, onStep: onStep) }
    }

    /// Processes one sample and reports every processing frame to `observer`.
    @inline(__always)
    public mutating func process<Observer: DetectorObserver>(
        _ sample: Sample, observer: inout Observer, onStep: (StepEvent) -> Void
    ) {
        samplesProcessed += 1
        // The squared magnitude is resampled and the root taken per frame, not per sample:
        // each frame is the RMS magnitude over its period.
        let squared = sample.x * sample.x + sample.y * sample.y + sample.z * sample.z
        let axes = SIMD4(sample.x, sample.y, sample.z, 1)
        if resampler.push(time: sample.time, value: squared) == .restarted {
            // A new segment (first sample, or after a gap): nothing carries across it.
            finishSegment(observer: &observer, onStep: onStep)
            needsSettling = true
            axisSum = axes
            return
        }
        while let (time, meanSquare) = resampler.nextOutput() {
            // The axes need no exact integral (they feed the motion evidence, not the step
            // timing): the mean of the samples that fell in the period, or the last mean when
            // none did.
            if axisSum[3] > 0 {
                lastAxes = axisSum * (1 / axisSum[3])
                axisSum = .zero
            }
            processFrame(time: time, frame: SIMD4(meanSquare.squareRoot(), lastAxes[0], lastAxes[1], lastAxes[2]),
                         observer: &observer, onStep: onStep)
        }
        axisSum += axes
    }

    mutating func processFrame<Observer: DetectorObserver>(
        time: Double, frame: SIMD4<Double>, observer: inout Observer, onStep: (StepEvent) -> Void
    ) {
        // frame: the RMS magnitude, then the mean of each axis.
        if needsSettling {
            filter.settle(at: SIMD4<Float>(frame))
            needsSettling = false
        }
        let bandPassed = filter.process(SIMD4<Float>(frame))
        let filtered = Double(bandPassed[0])
        let magnitude = frame[0]
        motion.process(time: time, raw: SIMD4<Float>(frame), bandPassed: bandPassed)
        rhythmFrameDue.toggle()
        if rhythmFrameDue {
            rhythm.process(0.5 * (filtered + previousFiltered))
        }
        previousFiltered = filtered
        peaks.process(time: time, value: filtered)
        while let candidate = peaks.nextCandidate() {
            observer.observe(candidate: candidate)
            offer(candidate, observer: &observer, onStep: onStep)
            if candidate.isStrong && observer.wantsProbes { probe(candidate, observer: &observer) }
        }
        if time >= gateDeadline {
            // Rarely: a run of candidates has just ended, a bout has, or a stretch's lag has
            // passed. A candidate not yet out of the peak stage (a lobe still open, or one held
            // for merging) may continue the run: the gate advances only to its time. (The
            // pending time is asked for here, not at every frame.)
            perform(gate.advance(to: min(time, peaks.earliestPendingTime)), observer: &observer, onStep: onStep)
        }
        observer.observe(DetectorFrame(time: time, magnitude: magnitude, filtered: filtered,
                                       threshold: peaks.threshold, gate: gate.state, confirmation: gate.confirmation))
    }

    /// Offers a candidate to the gate, after the time up to it.
    mutating func offer<Observer: DetectorObserver>(_ candidate: StepCandidate, observer: inout Observer,
                                                     onStep: (StepEvent) -> Void) {
        if candidate.time >= gateDeadline { perform(gate.advance(to: candidate.time), observer: &observer, onStep: onStep) }
        perform(gate.offer(candidate, rhythm: rhythm.rhythm), observer: &observer, onStep: onStep)
    }

    /// Does what the gate asks: measures each stretch it asks about and tells it what the
    /// motion showed, then takes every decision and outcome that is final, crediting the steps.
    mutating func perform<Observer: DetectorObserver>(_ action: GateAction, observer: inout Observer,
                                                       onStep: (StepEvent) -> Void) {
        var action = action
        while case .judge(let request) = action {
            let stretch = request.stretch
            // The stretch is read, and let go, before the gate moves on: a copy of the tracker's
            // candidates held across `judged` would make its next append copy the ring.
            let measured: (evidence: WindowEvidence, features: WalkingFeatures)?
            let stillness: WalkingDecision.Stillness?
            let time: Double, from: Double, steps: Int
            do {
                let candidates = gate.candidates(of: request)
                measured = motion.features(of: candidates, from: stretch.start, extraTime: stretch.lastStep, lag: stretch.lag,
                                           period: stretch.period, contextSpan: contextSpan,
                                           placement: configuration.placement)
                stillness = request.question == .finishedShortWalk
                    ? gate.selection.stillness(around: stretch, in: candidates, motion: motion) : nil
                time = stretch.lastStep ?? candidates[candidates.count - 1].time
                from = candidates[stretch.start].time
                steps = candidates.count - stretch.start + (stretch.lastStep == nil ? 0 : 1)
            }
            let (evidence, node, next) = gate.judged(request, features: measured?.features, stillness: stillness)
            if let measured, node != nil || evidence.refusal != nil {
                observer.observe(judgement: GateJudgement(
                    node: node ?? -1, time: time, from: from, steps: steps,
                    question: request.question, motion: measured.evidence,
                    features: measured.features, evidence: evidence))
            }
            action = next
        }
        while let node = gate.nextDecision() { observer.observe(decision: node) }
        let offset = timeOffset
        var credited = 0
        while let decided = gate.nextOutcome() {
            observer.observe(outcome: decided.outcome)
            decided.forEachStep { time, period in
                credited += 1
                onStep(StepEvent(time: time - offset, cadence: 60 / period))
            }
            if decided.withdrawn > 0 {
                // Taken back at the candidate's time: the steps the forward look proposed and
                // the decision refused.
                let time = decided.outcome.candidate.time - offset, cadence = decided.period > 0 ? 60 / decided.period : 0
                for _ in 0..<decided.withdrawn { onStep(StepEvent(time: time, cadence: cadence, kind: .withdrawn)) }
                withdrawnSteps += decided.withdrawn
            }
        }
        stepCount += credited
        if configuration.showsProvisionalSteps {
            var announced = 0
            gate.announceProvisional { time, period in
                announced += 1
                onStep(StepEvent(time: time - offset, cadence: 60 / period, kind: .provisional))
            }
            provisionalReported += announced
        }
        gateDeadline = gate.nextDeadline
    }

    /// Measures the stretches of the last 4 and 8 strong candidates for a probing observer,
    /// as the gate measures a short walk (`StretchSelection.shortWalkLag`): at their mean gap,
    /// or at the rhythm's step when the candidates come a stride apart. Stretches whose gaps no
    /// walk has (`StretchSelection.hasWalkingGaps`: a gap under `shortestStep` or over
    /// `maximumStepInterval`, or the longest over `mostUnevenGaps` times the shortest) are
    /// measured too, marked uneven: the gate never judges them, but they show what not walking
    /// looks like.
    mutating func probe<Observer: DetectorObserver>(_ candidate: StepCandidate, observer: inout Observer) {
        probed.append(candidate)
        // The stretches the walking model learns from: a short walk's few steps and its longest.
        let selection = gate.selection
        for longest in [false, true] {
            let steps = longest ? selection.longestShortWalk : selection.shortWalkSteps
            guard probed.count >= steps else { continue }
            let start = probed.count - steps
            var shortest = Double.infinity, longest = 0.0
            for i in (start + 1)..<probed.count {
                let gap = probed[i].time - probed[i - 1].time
                shortest = min(shortest, gap)
                longest = max(longest, gap)
            }
            let even = selection.hasWalkingGaps(shortest: shortest, longest: longest)
            let meanGap = (candidate.time - probed[start].time) / Double(steps - 1)
            let lag = max(selection.shortWalkLag(meanGap: meanGap, rhythm: rhythm.rhythm).lag, selection.spacing.shortestStep)
            if let (_, features) = motion.features(of: probed, from: start, lag: lag, period: lag, contextSpan: contextSpan,
                                                   placement: configuration.placement) {
                observer.observe(probe: WindowProbe(time: candidate.time, from: probed[start].time, steps: steps,
                                                    even: even, features: features))
            }
        }
    }

    mutating func finishSegment<Observer: DetectorObserver>(observer: inout Observer, onStep: (StepEvent) -> Void) {
        peaks.flush()
        while let candidate = peaks.nextCandidate() {
            observer.observe(candidate: candidate)
            offer(candidate, observer: &observer, onStep: onStep)
        }
        peaks.reset()
        perform(gate.finish(), observer: &observer, onStep: onStep)
        gate.reset()
        gateDeadline = gate.nextDeadline
        rhythm.reset()
        probed.removeAll()
        rhythmFrameDue = false
        motion.reset()
    }

    /// Ends the stream: releases the last candidate peak to the gate, and decides every
    /// candidate still waiting, as a pause in walking would.
    public mutating func finish(onStep: (StepEvent) -> Void) {
        var observer = NoObserver()
        finishSegment(observer: &observer, onStep: onStep)
    }

    /// Ends the stream, reporting the last candidates to `observer`.
    public mutating func finish<Observer: DetectorObserver>(observer: inout Observer, onStep: (StepEvent) -> Void) {
        finishSegment(observer: &observer, onStep: onStep)
    }
}
