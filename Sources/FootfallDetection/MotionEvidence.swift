/// Follows how the acceleration vector moves, frame by frame, so the walking gate can ask
/// whether a stretch of candidate steps moved the body the way walking does.
///
/// The magnitude, which the peak stage uses, cannot tell a footfall from a hand moving up and
/// down. The vector can. Per processing frame this stage takes the step-band vector (each
/// axis band-passed like the magnitude, by the detector, in the same SIMD lanes) and the
/// gravity direction (a 0.4 Hz low-pass of the vector: slower than any step, fast enough to
/// follow a phone turning in a pocket), splits the step-band vector into its part along
/// gravity (the band-passed magnitude) and its part across it, and stores both with the
/// gravity direction for the last `evidenceMemory` in a ring.
///
/// `window(from:to:lag:)` then answers with a `WindowEvidence` over any stretch of
/// frames: energies, and correlations with themselves a step and a stride earlier. The work
/// per frame is one SIMD4 biquad, a square root and a store; a window costs a few passes over
/// its frames and is asked for only at candidate steps.
public struct MotionEvidence: Sendable {
    /// Frames kept per second: every other processing frame. The motion that matters is below
    /// 3 Hz and already band-passed, so 12.5 frames a second describe it; keeping half the
    /// frames halves the work per frame and per window.
    let rate: Double
    var gravity: Biquad<SIMD4<Float>>
    /// The vector above the step band (3-6 Hz): a hand at work strokes there, a walker's
    /// motion mostly does not. Lanes 1-3; lane 0 (the magnitude) is not read.
    var aboveBand: BandPassFilter<SIMD4<Float>>
    /// The above-band energy of the frame skipped since the last one kept.
    var aboveBandCarry: Float = 0
    var skipNext = false
    /// Per frame: the band-passed vector's part along gravity (the vertical motion, signed),
    /// its part across gravity (3), the unit gravity direction (3), and the energy above the
    /// step band of this frame and the one skipped before it.
    var frames: MirroredRing<SIMD8<Float>>
    /// Per frame of `frames`, what the context reads of it alone, worked out once when it is
    /// kept rather than at every window over it: the length of the gravity direction's turn
    /// since the frame before (0 for the first after a reset), and the frame's step-band
    /// energy (`frameEnergy`).
    var frameTerms: MirroredRing<SIMD2<Float>>
    /// The band-passed magnitude of every processing frame (not only every other), for
    /// comparing the shapes of steps.
    var magnitudes: MirroredRing<Float>
    let frameRate: Double
    /// The lags the context's periodicity is read over: any step or stride of any walk or
    /// run, from the shortest step to the longest step period (`DetectorConfiguration`).
    let shortestStep: Double
    let longestStepPeriod: Double
    /// The most steps a gap between candidates is read as (`DetectorConfiguration.mostStepsPerGap`).
    let mostStepsPerGap: Int
    /// The time of the newest frame kept in `frames`, and of the newest in `magnitudes`.
    var newestTime = 0.0
    var newestMagnitudeTime = 0.0
    var needsSettling = true

    /// Creates the stage from the detector's configuration.
    public init(configuration: DetectorConfiguration) {
        rate = configuration.processingRateHz / 2
        gravity = .lowPass(cutoffHz: configuration.gravityCutoffHz, sampleRateHz: configuration.processingRateHz)
        aboveBand = BandPassFilter(highPassHz: configuration.lowPassHz,
                                   lowPassHz: min(WalkingFeatures.Constants.aboveBandWidth * configuration.lowPassHz,
                                                  WalkingFeatures.Constants.aboveBandNyquistShare * configuration.processingRateHz),
                                   sampleRateHz: configuration.processingRateHz)
        shortestStep = configuration.shortestStep.inSeconds
        longestStepPeriod = configuration.longestStepPeriod.inSeconds
        mostStepsPerGap = max(1, configuration.mostStepsPerGap)
        let capacity = max(Int((configuration.evidenceMemory.inSeconds * rate).rounded(.up)) + 1, 16)
        frames = MirroredRing(capacity: capacity, filler: .zero)
        frameTerms = MirroredRing(capacity: capacity, filler: .zero)
        frameRate = configuration.processingRateHz
        magnitudes = MirroredRing(capacity: 2 * capacity, filler: 0)
    }

    /// Forgets everything: a new segment of input starts.
    public mutating func reset() {
        frames.removeAll()
        frameTerms.removeAll()
        magnitudes.removeAll()
        needsSettling = true
        skipNext = false
        aboveBandCarry = 0
    }

    /// Takes one processing frame.
    /// - Parameters:
    ///   - time: the frame's time.
    ///   - raw: the frame's mean acceleration, m/s², in lanes 1 to 3 (lane 0 is not read).
    ///   - bandPassed: the band-passed magnitude in lane 0 and band-passed axes in lanes 1 to 3.
    @inline(__always)
    public mutating func process(time: Double, raw: SIMD4<Float>, bandPassed: SIMD4<Float>) {
        if needsSettling {
            gravity.settle(at: raw)
            aboveBand.settle(at: raw)
            needsSettling = false
        }
        let down = gravity.process(raw)
        let above = aboveBand.process(raw)
        let aboveEnergy = above[1] * above[1] + above[2] * above[2] + above[3] * above[3]
        magnitudes.append(bandPassed[0])
        newestMagnitudeTime = time
        skipNext.toggle()
        if !skipNext {
            aboveBandCarry = aboveEnergy
            return
        }
        let moving = SIMD3(bandPassed[1], bandPassed[2], bandPassed[3])
        let downward = SIMD3(down[1], down[2], down[3])
        let downSquared = (downward * downward).sum()
        let vertical = downSquared > 0 ? downward * (1 / downSquared.squareRoot()) : .zero
        let up = (moving * vertical).sum()
        let across = moving - up * vertical
        let frame = SIMD8(up, across.x, across.y, across.z, vertical.x, vertical.y, vertical.z,
                          aboveEnergy + aboveBandCarry)
        // The gravity direction's turn from the frame before, as `context` measures it.
        var turnLength: Float = 0
        if frames.count > 0 {
            let previous = frames[frames.count - 1]
            let turn = SIMD3(frame[4] - previous[4], frame[5] - previous[5], frame[6] - previous[6])
            turnLength = (turn * turn).sum().squareRoot()
        }
        frames.append(frame)
        frameTerms.append(SIMD2(turnLength, Self.frameEnergy(frame)))
        aboveBandCarry = 0
        newestTime = time
    }

    /// The step-band energy of a frame: its vertical motion and across-gravity vector squared.
    @inline(__always)
    static func frameEnergy(_ f: SIMD8<Float>) -> Float {
        f[0] * f[0] + f[1] * f[1] + f[2] * f[2] + f[3] * f[3]
    }

    /// How alike consecutive steps look: the mean correlation of the band-passed magnitude
    /// around each candidate with the same stretch around the next (each window centred on its
    /// own peak, so uneven step times do not matter), over the last few candidates from
    /// `start`. Walking repeats one movement step after step; a car's bumps do not.
    public func stepSimilarity(of candidates: borrowing FixedRing<StepCandidate>, from start: Int, extraTime: Double? = nil,
                               period: Double) -> Double {
        let half = max(2, roundedToInt(WalkingFeatures.Constants.similarityHalfWindow * period * frameRate))
        let count = candidates.count + (extraTime == nil ? 0 : 1)
        let first = max(start, count - WalkingFeatures.Constants.similaritySteps)
        guard count - first >= 2 else { return 0 }
        func frame(_ i: Int) -> Int {
            let time = i < candidates.count ? candidates[i].time : (extraTime ?? 0)
            return magnitudes.count - 1 - roundedToInt((newestMagnitudeTime - time) * frameRate)
        }
        var total = 0.0
        var pairs = 0
        magnitudes.withUnsafeElements { magnitudes in
            for i in first..<(count - 1) {
                let a = frame(i), b = frame(i + 1)
                guard a - half >= 0, b + half < magnitudes.count, a + half < magnitudes.count else { continue }
                var meanA: Float = 0, meanB: Float = 0
                // (Indices checked above: wrapping arithmetic spares the overflow checks.)
                for k in -half...half { meanA += magnitudes[a &+ k]; meanB += magnitudes[b &+ k] }
                meanA /= Float(2 * half + 1)
                meanB /= Float(2 * half + 1)
                var cross: Float = 0, energyA: Float = 0, energyB: Float = 0
                for k in -half...half {
                    let x = magnitudes[a &+ k] - meanA, y = magnitudes[b &+ k] - meanB
                    cross += x * y
                    energyA += x * x
                    energyB += y * y
                }
                let norm = (energyA * energyB).squareRoot()
                if norm > 0 { total += Double(cross / norm); pairs += 1 }
            }
        }
        return pairs > 0 ? total / Double(pairs) : 0
    }

    /// What the walking model reads of a stretch of candidates: the motion over it, the motion
    /// in the seconds up to its end, and the candidates' timing.
    /// - Parameters:
    ///   - candidates: the candidates, oldest first.
    ///   - start: the index of the stretch's first candidate; the stretch runs to the newest.
    ///   - extraTime: a further candidate after the newest (a finished walk's faint last step).
    ///   - lag: the step period to test the rhythm at, seconds.
    ///   - period: the step period the steps' shapes are compared at, seconds.
    ///   - contextSpan: how many seconds of motion up to the stretch's end make its context.
    ///   - placement: where the device is worn.
    /// - Returns: nil when fewer frames are held than the window needs.
    public func features(of candidates: borrowing FixedRing<StepCandidate>, from start: Int, extraTime: Double? = nil,
                         lag: Double, period: Double, contextSpan: Double,
                         placement: Placement) -> (evidence: WindowEvidence, features: WalkingFeatures)? {
        let count = candidates.count
        guard start >= 0, start < count else { return nil }
        let end = extraTime ?? candidates[count - 1].time
        guard let evidence = window(from: candidates[start].time, to: end, lag: lag),
              let context = context(endingAt: end, span: contextSpan) else { return nil }
        let similarity = stepSimilarity(of: candidates, from: start, extraTime: extraTime, period: period)
        let timing = CandidateTiming(candidates, from: start, extraTime: extraTime, period: period, mostStepsPerGap: mostStepsPerGap)
        let features = WalkingFeatures(evidence: evidence, context: context, similarity: similarity, timing: timing,
                                       stepPeriod: lag, placement: placement)
        return (evidence, features)
    }

    /// The rms of the vertical step-band motion between two times, m/s² (0 when no frame falls there).
    public func motion(from start: Double, to end: Double) -> Double {
        guard frames.count > 0, end > start else { return 0 }
        let first = index(of: start), last = index(of: end)
        guard last >= first else { return 0 }
        var sum: Float = 0
        for j in first...last { let f = frames[j][0]; sum += f * f }
        return Double((sum / Float(last - first + 1)).squareRoot())
    }

    /// The ring index of the frame nearest `time`, clamped to the frames held.
    func index(of time: Double) -> Int {
        let framesAgo = roundedToInt((newestTime - time) * rate)
        return min(max(frames.count - 1 - framesAgo, 0), frames.count - 1)
    }

    /// What the motion looked like between two candidate steps.
    /// - Parameters:
    ///   - start: the first candidate's time.
    ///   - end: the last candidate's time.
    ///   - lag: the step period to test the rhythm at, seconds.
    /// - Returns: the evidence; `nil` when fewer frames are held than the window needs.
    public func window(from start: Double, to end: Double, lag: Double) -> WindowEvidence? {
        typealias C = WalkingFeatures.Constants
        guard frames.count >= C.windowMinimumFrames, lag > 0 else { return nil }
        let lagFrames = lag * rate
        let step = roundedToInt(lagFrames)
        let first = index(of: start)
        let last = min(index(of: end) + C.windowTailFrames, frames.count - 1)
        let reach = Int(C.windowReachSteps * lag * rate) + C.windowReachFrames
        let from = max(0, min(first - Int(C.windowLeadSteps * lag * rate), last - reach))
        guard step >= 1, last - from > step + C.correlationMargin - 1 else { return nil }
        let count = last - from + 1
        let orientationFrom = min(first, last) - from

        return frames.withUnsafeElements { held in
            let ring = RingView(held, from: from, count: count)
            // Lanes 0-3 of the frames squared and summed; lanes 4-7 summed from `orientationFrom`
            // on, for the posture, with lane 7, the energy above the step band (two frames'),
            // summed over every frame as it is: lane by lane the sums `posture(from:)` and a
            // pass over each lane would make, in the same order.
            var energy = SIMD4<Float>.zero
            var above: Float = 0
            for j in 0..<orientationFrom {
                let f = ring.motion(j)
                energy += f * f
                above += ring[j][7]
            }
            var upper = SIMD4<Float>(0, 0, 0, above)
            for j in orientationFrom..<count {
                let f = ring[j]
                energy += f.lowHalf * f.lowHalf
                upper += f.highHalf
            }
            above = upper[3]
            let verticalEnergy = energy[0]
            let acrossEnergy = energy[1] + energy[2] + energy[3]
            let half = 0.5 * lagFrames
            let below = max(1, Int(half)), fraction = Float(max(0, half - Double(below)))
            let (oneStep, oneStride, halfBelow, halfAbove) = ring.correlations(step, 2 * step, below, below + 1)
            // Half a step on, a walker's bounce is at its opposite: the correlation there, read
            // between the two whole lags around it.
            let halfStep = (vertical: halfBelow.vertical * (1 - fraction) + halfAbove.vertical * fraction,
                            across: halfBelow.across * (1 - fraction) + halfAbove.across * fraction)

            let posture = ring.posture(from: orientationFrom, sum: SIMD3(upper[0], upper[1], upper[2]))
            let sustained = ring.sustainedAboveBand(block: max(1, step / 2))
            let noiseFloor = C.stepBandNoise * Float(count)
            let stepBandEnergy = verticalEnergy + acrossEnergy
            let stepBandPerFrame = (stepBandEnergy + noiseFloor) / Float(count)
            return WindowEvidence(
                verticalStep: Double(oneStep.vertical),
                acrossStep: Double(oneStep.across),
                verticalStride: Double(oneStride.vertical),
                acrossStride: Double(oneStride.across),
                verticalHalfStep: Double(halfStep.vertical),
                acrossHalfStep: Double(halfStep.across),
                verticalLevel: Double((verticalEnergy / Float(count)).squareRoot()),
                acrossLevel: Double((acrossEnergy / Float(count)).squareRoot()),
                orientationSpread: posture.spread,
                gravityDrift: posture.drift,
                axisAlignment: posture.axisAlignment,
                // Lane 7 holds two frames' energy for each frame kept.
                aboveBandRatio: Double(0.5 * above / (stepBandEnergy + noiseFloor)),
                sustainedAboveBandRatio: Double(0.5 * sustained / stepBandPerFrame))
        }
    }

    /// What the motion looked like in the `span` seconds up to `end`, whatever candidates it
    /// held: the activity a stretch of candidates comes out of. A walk comes out of standing
    /// or walking; a hand's stroke comes out of the hand at work, turning, stopping and
    /// starting. Nil when fewer than two seconds of frames are held.
    public func context(endingAt end: Double, span: Double) -> ContextEvidence? {
        let last = index(of: end)
        let wanted = roundedToInt(span * rate)
        let from = max(0, last - wanted + 1)
        let count = last - from + 1
        guard count >= Int(WalkingFeatures.Constants.contextMinimumSeconds * rate) else { return nil }
        return frames.withUnsafeElements { held in
            frameTerms.withUnsafeElements { heldTerms in
            let ring = RingView(held, from: from, count: count)
            let terms = heldTerms.baseAddress! + from
            // Lanes 0-3 of the frames squared and summed; lanes 4-6 summed for the posture, and
            // lane 7 (the energy above the step band) as it is: lane by lane the sums a pass
            // over each would make, in the same order.
            var energy = SIMD4<Float>.zero
            var upper = SIMD4<Float>.zero
            var path: Float = 0
            // Seconds in which the step-band motion's rms is above `activeLevel`.
            let block = max(1, roundedToInt(rate))
            let activeEnergy = ContextEvidence.activeLevel * ContextEvidence.activeLevel * Float(block)
            var blockEnergy: Float = 0, blocks = 0, activeBlocks = 0, inBlock = 0
            for j in 0..<count {
                let f = ring[j]
                energy += f.lowHalf * f.lowHalf
                upper += f.highHalf
                // The turn from the frame before (none before the first: it adds 0).
                let term = terms[j]
                if j > 0 { path += term[0] }
                blockEnergy += term[1]
                inBlock += 1
                if inBlock == block {
                    inBlock = 0
                    blocks += 1
                    if blockEnergy > activeEnergy { activeBlocks += 1 }
                    blockEnergy = 0
                }
            }
            let above = upper[3]
            let stillNoiseEnergy = Float(WalkingFeatures.Constants.stillNoise * WalkingFeatures.Constants.stillNoise)
            let verticalEnergy = energy[0] / Float(count)
            let acrossEnergy = (energy[1] + energy[2] + energy[3]) / Float(count)
            // How periodic the vertical motion is: its best correlation over the lags of a
            // step or a stride of any walk or run (the shortest step to the longest step period).
            var periodicity: Float = -1
            let margin = WalkingFeatures.Constants.correlationMargin
            let shortest = max(1, roundedToInt(shortestStep * rate))
            let longest = min(count - margin - 1, roundedToInt(longestStepPeriod * rate))
            if longest >= shortest {
                periodicity = ring.bestVerticalCorrelation(over: shortest...longest)
            } else {
                periodicity = 0
            }
            let posture = ring.posture(from: 0, sum: SIMD3(upper[0], upper[1], upper[2]))
            let seconds = Float(count) / Float(rate)
            return ContextEvidence(
                verticalLevel: Double(verticalEnergy.squareRoot()), acrossLevel: Double(acrossEnergy.squareRoot()),
                orientationSpread: posture.spread, turning: Double(path / seconds),
                aboveBandRatio: Double(0.5 * above / Float(count) / (verticalEnergy + acrossEnergy + stillNoiseEnergy)),
                activeShare: blocks > 0 ? Double(activeBlocks) / Double(blocks) : 0,
                verticalPeriodicity: Double(periodicity))
            }
        }
    }
}

/// A stretch of the frame ring's storage seen through indices from 0, for the window loops:
/// no bounds or uniqueness checks per frame.
struct RingView {
    /// The stretch's first frame; the rest follow it in memory (`MirroredRing`).
    let base: UnsafePointer<SIMD8<Float>>
    /// How many frames the stretch holds.
    let count: Int

    /// The stretch of `count` frames from index `from` of the frames `held`, oldest first.
    init(_ held: UnsafeBufferPointer<SIMD8<Float>>, from: Int, count: Int) {
        precondition(from >= 0 && count >= 0 && from + count <= held.count, "a stretch past the frames held")
        base = held.baseAddress! + from
        self.count = count
    }

    @inline(__always)
    subscript(index: Int) -> SIMD8<Float> {
        base[index]
    }

    /// The vertical motion and the across-gravity vector of a frame (its lanes 0-3).
    @inline(__always)
    func motion(_ index: Int) -> SIMD4<Float> {
        self[index].lowHalf
    }

    /// `correlation(lag:)` at four lags, each to the bit (the same products summed in the same
    /// order), in one pass where their frames overlap: four sets of sums in one loop keep the
    /// adders busy where one set waits on its own previous sum.
    func correlations(_ lag0: Int, _ lag1: Int, _ lag2: Int, _ lag3: Int)
        -> ((vertical: Float, across: Float), (vertical: Float, across: Float),
            (vertical: Float, across: Float), (vertical: Float, across: Float)) {
        // Pairwise: the variadic min and max build an array of the rest (unoptimised, per call).
        let lowest = min(min(lag0, lag1), min(lag2, lag3)), highest = max(max(lag0, lag1), max(lag2, lag3))
        guard lowest >= 1, count > highest + WalkingFeatures.Constants.correlationMargin else {
            return (correlation(lag: lag0), correlation(lag: lag1), correlation(lag: lag2), correlation(lag: lag3))
        }
        var cross0 = SIMD4<Float>.zero, late0 = SIMD4<Float>.zero, early0 = SIMD4<Float>.zero
        var cross1 = SIMD4<Float>.zero, late1 = SIMD4<Float>.zero, early1 = SIMD4<Float>.zero
        var cross2 = SIMD4<Float>.zero, late2 = SIMD4<Float>.zero, early2 = SIMD4<Float>.zero
        var cross3 = SIMD4<Float>.zero, late3 = SIMD4<Float>.zero, early3 = SIMD4<Float>.zero
        // Each lag's frames before the highest lag's first, then all four together.
        for j in lag0..<highest {
            let a = motion(j), b = motion(j - lag0)
            cross0 += a * b; late0 += a * a; early0 += b * b
        }
        for j in lag1..<highest {
            let a = motion(j), b = motion(j - lag1)
            cross1 += a * b; late1 += a * a; early1 += b * b
        }
        for j in lag2..<highest {
            let a = motion(j), b = motion(j - lag2)
            cross2 += a * b; late2 += a * a; early2 += b * b
        }
        for j in lag3..<highest {
            let a = motion(j), b = motion(j - lag3)
            cross3 += a * b; late3 += a * a; early3 += b * b
        }
        for j in highest..<count {
            let a = motion(j), square = a * a
            let b0 = motion(j - lag0), b1 = motion(j - lag1), b2 = motion(j - lag2), b3 = motion(j - lag3)
            cross0 += a * b0; late0 += square; early0 += b0 * b0
            cross1 += a * b1; late1 += square; early1 += b1 * b1
            cross2 += a * b2; late2 += square; early2 += b2 * b2
            cross3 += a * b3; late3 += square; early3 += b3 * b3
        }
        return (Self.normalised(cross0, late0, early0), Self.normalised(cross1, late1, early1),
                Self.normalised(cross2, late2, early2), Self.normalised(cross3, late3, early3))
    }

    /// The correlations of one lag from its sums (`correlation(lag:)`).
    @inline(__always)
    static func normalised(_ cross: SIMD4<Float>, _ late: SIMD4<Float>, _ early: SIMD4<Float>) -> (vertical: Float, across: Float) {
        let verticalNorm = (late[0] * early[0]).squareRoot()
        let acrossLate = late[1] + late[2] + late[3], acrossEarly = early[1] + early[2] + early[3]
        let acrossNorm = (acrossLate * acrossEarly).squareRoot()
        return (verticalNorm > 0 ? cross[0] / verticalNorm : 0,
                acrossNorm > 0 ? (cross[1] + cross[2] + cross[3]) / acrossNorm : 0)
    }

    /// The normalised correlation, one lag apart, of the vertical motion and of the
    /// across-gravity vector, in one pass: each lane of the sums is one channel.
    func correlation(lag: Int) -> (vertical: Float, across: Float) {
        guard lag >= 1, count > lag + WalkingFeatures.Constants.correlationMargin else { return (0, 0) }
        var cross = SIMD4<Float>.zero, late = SIMD4<Float>.zero, early = SIMD4<Float>.zero
        for j in lag..<count {
            let a = motion(j), b = motion(j - lag)
            cross += a * b
            late += a * a
            early += b * b
        }
        let verticalNorm = (late[0] * early[0]).squareRoot()
        let acrossLate = late[1] + late[2] + late[3], acrossEarly = early[1] + early[2] + early[3]
        let acrossNorm = (acrossLate * acrossEarly).squareRoot()
        return (verticalNorm > 0 ? cross[0] / verticalNorm : 0,
                acrossNorm > 0 ? (cross[1] + cross[2] + cross[3]) / acrossNorm : 0)
    }

    /// The vertical motion's best normalised correlation with itself over `lags`, starting
    /// from -1: each lag's correlation is `correlation(lag:)`'s vertical one, to the bit (the
    /// same products summed in the same order), and the best is taken in the lags' order.
    /// Eight lags are summed at once, one per lane, from a copy of the vertical motion in
    /// reverse order, in which the frames a step of lags back lie side by side.
    func bestVerticalCorrelation(over lags: ClosedRange<Int>) -> Float {
        precondition(lags.lowerBound >= 1 && count > lags.upperBound + WalkingFeatures.Constants.correlationMargin, "lags the stretch cannot correlate")
        let padding = 8
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: count + padding) { reversed in
            // reversed[i] is the vertical motion i frames before the newest; zeros past the oldest.
            for i in 0..<count { reversed.initializeElement(at: i, to: self[count &- 1 &- i][0]) }
            for i in count..<(count + padding) { reversed.initializeElement(at: i, to: 0) }
            let raw = UnsafeRawPointer(reversed.baseAddress!)
            var best: Float = -1
            var first = lags.lowerBound
            while first <= lags.upperBound {
                // Lane k holds lag first + k: the products of frame j with frame j - first - k.
                let lanes = min(8, lags.upperBound - first + 1)
                let group = lanes > 4
                    ? Self.correlateLags(SIMD8<Float>.self, reversed: reversed, raw: raw, count: count, first: first, lanes: lanes)
                    : Self.correlateLags(SIMD4<Float>.self, reversed: reversed, raw: raw, count: count, first: first, lanes: lanes)
                for k in 0..<lanes {
                    let norm = (group.late[k] * group.early[k]).squareRoot()
                    best = max(best, norm > 0 ? group.cross[k] / norm : 0)
                }
                first += 8
            }
            return best
        }
    }

    /// The sums of `bestVerticalCorrelation` for the lags `first` to `first + lanes - 1`, one
    /// per lane of `V` (at most its width), read from the reversed vertical motion: lane k's
    /// products from frame `first + k` on, in order from +0. Each lane's first frames (before
    /// the last lane's first) are summed lane by lane, then all lanes together.
    @inline(__always)
    static func correlateLags<V: SIMD>(_: V.Type, reversed: UnsafeMutableBufferPointer<Float>, raw: UnsafeRawPointer,
                                       count: Int, first: Int, lanes: Int)
        -> (cross: SIMD8<Float>, late: SIMD8<Float>, early: SIMD8<Float>) where V.Scalar == Float {
        let rampEnd = min(first + V.scalarCount - 1, count)
        // The ramp's sums lane by lane into memory, then loaded as vectors once: a vector's
        // lane set by a variable index is stored and loaded whole at every lane.
        var (cross, late, early) = withUnsafeTemporaryAllocation(of: Float.self, capacity: 3 * V.scalarCount) { ramp in
            let ramp = ramp.baseAddress!
            ramp.initialize(repeating: 0, count: 3 * V.scalarCount)
            for k in 0..<min(lanes, V.scalarCount - 1) {
                var c: Float = 0, l: Float = 0, e: Float = 0
                var j = first + k
                while j < rampEnd {
                    // (Indices in the stretch: wrapping arithmetic spares the overflow checks.)
                    let a = reversed[count &- 1 &- j], b = reversed[count &- 1 &- j &+ first &+ k]
                    c += a * b
                    l += a * a
                    e += b * b
                    j += 1
                }
                ramp[k] = c
                ramp[V.scalarCount &+ k] = l
                ramp[2 &* V.scalarCount &+ k] = e
            }
            let sums = UnsafeRawPointer(ramp)
            return (sums.loadUnaligned(as: V.self),
                    sums.loadUnaligned(fromByteOffset: V.scalarCount &* MemoryLayout<Float>.stride, as: V.self),
                    sums.loadUnaligned(fromByteOffset: 2 &* V.scalarCount &* MemoryLayout<Float>.stride, as: V.self))
        }
        var j = rampEnd
        while j < count {
            let a = reversed[count &- 1 &- j]
            let b = raw.loadUnaligned(fromByteOffset: (count &- 1 &- j &+ first) &* MemoryLayout<Float>.stride, as: V.self)
            cross += a * b
            late += V(repeating: a * a)
            early += b * b
            j += 1
        }
        var result = (cross: SIMD8<Float>.zero, late: SIMD8<Float>.zero, early: SIMD8<Float>.zero)
        for k in 0..<V.scalarCount {
            result.cross[k] = cross[k]
            result.late[k] = late[k]
            result.early[k] = early[k]
        }
        return result
    }

    /// The posture from frame `from` on: the rms chord between each frame's gravity direction
    /// and their mean direction (about radians), the chord from the first to the last, and
    /// how closely the mean direction lies along one of the device's axes (1 on an axis,
    /// 1/√3 between all three).
    /// - Parameter sum: the gravity directions (lanes 4-6) summed from `from` on, in order
    ///   from `.zero`.
    func posture(from: Int, sum: SIMD3<Float>) -> (spread: Double, drift: Double, axisAlignment: Double) {
        let meanLength = (sum * sum).sum().squareRoot()
        guard meanLength > 0 else { return (0, 0, 0) }
        let direction = sum / meanLength
        var chordSquares: Float = 0
        for j in from..<count {
            let f = self[j]
            let d = SIMD3(f[4], f[5], f[6]) - direction
            chordSquares += (d * d).sum()
        }
        let firstPosture = self[from], lastPosture = self[count - 1]
        let turn = SIMD3(lastPosture[4] - firstPosture[4], lastPosture[5] - firstPosture[5], lastPosture[6] - firstPosture[6])
        let magnitudes = SIMD3(abs(direction.x), abs(direction.y), abs(direction.z))
        return (Double((chordSquares / Float(count - from)).squareRoot()), Double((turn * turn).sum().squareRoot()),
                Double(magnitudes.max()))
    }

    /// How much of the energy above the step band is there all the time: the mean over
    /// blocks of `block` frames, the third quietest of them. Impacts come once a step and
    /// leave the blocks between them quiet; a hand stroking at 3-6 Hz fills every one.
    func sustainedAboveBand(block: Int) -> Float {
        // The three smallest, in order.
        var quietest0 = Float.infinity, quietest1 = Float.infinity, quietest2 = Float.infinity
        var start = 0
        while start + block <= count {
            var sum: Float = 0
            for j in start..<(start + block) { sum += self[j][7] }
            var value = sum / Float(block)
            if value < quietest0 { swap(&value, &quietest0) }
            if value < quietest1 { swap(&value, &quietest1) }
            if value < quietest2 { swap(&value, &quietest2) }
            start += block
        }
        return quietest2.isFinite ? quietest2 : (quietest0.isFinite ? quietest0 : 0)
    }
}
