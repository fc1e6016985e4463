import Foundation
import FootfallAnalysis
import FootfallDetection
import FootfallRandom
import FootfallTraces

/// Builds the daily-living development set: days at home in miniature, cut from real walks.
///
/// The shared datasets hold long walks; a day at home is short walks between rooms, slow and
/// uneven, with pauses, turns and sitting down. This set is made from the real recordings
/// (the lower-back IMU of `ipol-lowerback`, the phones of `oxford-phone`), one source
/// recording per trace, so device, person and mounting stay the same throughout:
///
/// - **Walks of 3 to 30 steps** with their real start (the recording's first steps from
///   standing) and real stop (its last steps, to standing). A walk shorter than the recording
///   is its first k steps spliced to its last n - k steps in mid-stance of the same foot (the
///   step across the splice keeps a real step time), crossfaded over 0.1 s. A walk as long as
///   the recording is the recording, with its real U-turn.
/// - **Slow, uneven walks**: some walks are slowed by a smoothly varying factor (1.15 to 1.6,
///   changing every step by about 20 %): the same trajectory traversed more slowly, so the
///   acceleration about gravity scales by 1/factor². This part is synthetic: a real slow
///   walker's gait differs in more than its pace.
/// - **Still**: the recording's own standing before its first step, played forwards and
///   backwards to the length needed (1 to 12 s: pauses of a second or two, and longer).
/// - **Sitting down and standing up** (synthetic, from the standing signal): over 2 s the
///   body lowers 0.45 m along a minimum-jerk path while the device tilts by 15-35°, then sits
///   still, then rises and tilts back.
///
/// Truth is carried over exactly: the source's step times, shifted by each splice and warp.
/// Steps the source's truth lists where its signal shows no motion (the lower-back set's
/// truth sometimes runs on after the walk has stopped) are trimmed first, and a recording
/// without at least a second of standing before its first and after its last step is not
/// used. Everything is drawn from one seed: the same seed gives the same bytes.
public struct DailyLivingSet: Sendable {
    /// The folder holding `ipol-lowerback/` and `oxford-phone/`.
    public var datasets: String
    /// Seed for every random choice.
    public var seed: UInt64 = 1
    /// Only these source recordings ("oxford-phone/NAME", without `.csv`), or all when empty.
    public var only: Set<String> = []

    /// Creates a description.
    public init(datasets: String) {
        self.datasets = datasets
    }

    /// The source folders used, and the placement each stands for.
    static let sources = ["ipol-lowerback", "oxford-phone"]

    /// Builds every trace.
    /// - Throws: `TraceError` when a source recording cannot be read.
    /// - Returns: the traces, or none when the datasets are not there.
    public func build() throws -> [DailyLivingTrace] {
        var traces: [DailyLivingTrace] = []
        for folder in Self.sources {
            let path = (datasets as NSString).appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names.filter({ $0.hasSuffix(".csv") }).sorted() {
                if !only.isEmpty && !only.contains(folder + "/" + String(name.dropLast(4))) { continue }
                let trace = (path as NSString).appendingPathComponent(name)
                guard let sidecar = try TraceSidecar.load(besideTrace: trace), let times = sidecar.stepTimes else { continue }
                let samples = try Recording.readSamples(path: trace)
                guard let source = WalkSource(samples: samples, steps: times) else { continue }
                var random = SeededRandom(seed: seed &+ stableHash(folder + "/" + name))
                let built = compose(from: source, using: &random)
                traces.append(DailyLivingTrace(
                    name: "\(folder)-\(String(name.dropLast(4)))", samples: built.samples, steps: built.steps,
                    walks: built.walks, tolerance: sidecar.stepTimeTolerance ?? 0.25,
                    placement: sidecar.placement ?? "unknown", subject: sidecar.subject,
                    source: "\(folder)/\(name)", sourceAttribution: sidecar.attribution, license: sidecar.license))
            }
        }
        return traces
    }

    /// Strings hash differently in every process; this one is stable.
    func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// Lays walks, still stretches and sitting down on one timeline.
    func compose(from source: WalkSource, using random: inout SeededRandom) -> (samples: [Sample], steps: [Double], walks: [TraceSidecar.Walk]) {
        var timeline = Timeline()
        timeline.append(source.still(seconds: Double.random(in: 2..<5, using: &random), using: &random), steps: [])
        let walkCount = Int.random(in: 4...7, using: &random)
        for index in 0..<walkCount {
            let roll = Double.random(in: 0..<1, using: &random)
            let wanted = roll < 0.4 ? Int.random(in: 3...6, using: &random)
                : roll < 0.75 ? Int.random(in: 7...15, using: &random) : Int.random(in: 16...30, using: &random)
            var walk = source.walk(steps: wanted, using: &random)
            if Double.random(in: 0..<1, using: &random) < 0.4 {
                walk = walk.slowed(by: Double.random(in: 1.15..<1.6, using: &random), unevenness: 0.2, using: &random)
            }
            timeline.appendWalk(walk)
            if index < walkCount - 1 {
                if Double.random(in: 0..<1, using: &random) < 0.25 {
                    timeline.append(source.sitting(seconds: Double.random(in: 5..<15, using: &random), using: &random), steps: [])
                } else {
                    timeline.append(source.still(seconds: Double.random(in: 1..<12, using: &random), using: &random), steps: [])
                }
            }
        }
        timeline.append(source.still(seconds: Double.random(in: 2..<5, using: &random), using: &random), steps: [])
        return (timeline.samples, timeline.steps, timeline.walks)
    }
}

/// One trace of the daily-living set.
public struct DailyLivingTrace: Sendable {
    /// File name without extension.
    public var name: String
    /// The samples.
    public var samples: [Sample]
    /// Every true step.
    public var steps: [Double]
    /// The walks, for recall by walk length.
    public var walks: [TraceSidecar.Walk]
    /// How far a counted step may lie from a true one: the source's own.
    public var tolerance: Double
    /// Where the source device was.
    public var placement: String
    /// The source's subject.
    public var subject: String?
    /// The source recording, relative to the datasets folder.
    public var source: String
    /// The source's attribution and licence, carried over.
    public var sourceAttribution: String?
    /// The source's licence.
    public var license: String?

    /// Writes `NAME.csv` and `NAME.json` into a folder.
    public func write(into folder: String) throws {
        let path = (folder as NSString).appendingPathComponent(name + ".csv")
        let writer = try TraceCSVWriter(path: path)
        for sample in samples { writer.write(sample) }
        try writer.close()
        let duration = (samples.last?.time ?? 0) - (samples.first?.time ?? 0)
        var sidecar = TraceSidecar(
            steps: steps.count, stepTimes: steps.map { ($0 * 1000).rounded() / 1000 }, stepTimeTolerance: tolerance,
            activity: .walking, placement: placement, device: nil, subject: subject,
            sampleRateHz: duration > 0 ? Double(samples.count - 1) / duration : nil, samples: samples.count,
            durationSeconds: duration, dataset: "daily-living",
            attribution: "Cut and joined by footfall-devsets daily-living from \(source): \(sourceAttribution ?? "")",
            license: license, groundTruth: "the source's step times, carried through every splice and slowing")
        sidecar.walks = walks.map { TraceSidecar.Walk(start: ($0.start * 1000).rounded() / 1000, end: ($0.end * 1000).rounded() / 1000, steps: $0.steps) }
        try sidecar.encoded().write(to: URL(fileURLWithPath: TraceSidecar.path(forTrace: path)))
    }
}

/// A piece of signal on its own clock (starting near 0), with the true steps in it.
struct Piece {
    var samples: [Sample]
    var steps: [Double]

    var duration: Double { (samples.last?.time ?? 0) - (samples.first?.time ?? 0) }

    /// The same trajectory traversed more slowly: time stretched by a factor that changes
    /// smoothly from step to step around `factor`; the acceleration about gravity (the
    /// signal minus its 0.3 Hz low-pass) scales by 1 / factor², as it must for a path
    /// followed more slowly. Resampled onto an even grid at the piece's median rate.
    func slowed(by factor: Double, unevenness: Double, using random: inout SeededRandom) -> Piece {
        guard samples.count > 10 else { return self }
        let start = samples[0].time
        let knotSpacing = 0.55
        let knots = Int(duration / knotSpacing) + 3
        let factors = (0..<knots).map { _ in min(max(factor * exp(random.gaussian(deviation: unevenness)), 0.6 * factor), 1.8 * factor) }
        func stretch(at t: Double) -> Double {
            let position = (t - start) / knotSpacing
            let i = min(max(Int(position), 0), knots - 2)
            let f = min(max(position - Double(i), 0), 1)
            return factors[i] * (1 - f) + factors[i + 1] * f
        }
        // New time: the integral of the stretch over the old time.
        var newTimes = [Double](repeating: start, count: samples.count)
        for k in 1..<samples.count {
            let dt = samples[k].time - samples[k - 1].time
            newTimes[k] = newTimes[k - 1] + dt * 0.5 * (stretch(at: samples[k].time) + stretch(at: samples[k - 1].time))
        }
        let gravity = Piece.lowPassed(samples, cornerHz: 0.3)
        var warped: [Sample] = []
        warped.reserveCapacity(samples.count)
        for k in 0..<samples.count {
            let s = stretch(at: samples[k].time)
            let scale = 1 / (s * s)
            let g = gravity[k]
            warped.append(Sample(time: newTimes[k], x: g.0 + (samples[k].x - g.0) * scale,
                                 y: g.1 + (samples[k].y - g.1) * scale, z: g.2 + (samples[k].z - g.2) * scale))
        }
        let rate = Piece.medianRate(samples)
        var even: [Sample] = []
        var j = 0
        var t = newTimes[0]
        while t <= newTimes[newTimes.count - 1] {
            while j + 1 < warped.count - 1 && warped[j + 1].time < t { j += 1 }
            let a = warped[j], b = warped[j + 1]
            let f = b.time > a.time ? min(max((t - a.time) / (b.time - a.time), 0), 1) : 0
            even.append(Sample(time: t, x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, z: a.z + (b.z - a.z) * f))
            t += 1 / rate
        }
        let newSteps = steps.map { step -> Double in
            var k = 0
            while k + 1 < samples.count - 1 && samples[k + 1].time < step { k += 1 }
            let a = samples[k].time, b = samples[k + 1].time
            let f = b > a ? min(max((step - a) / (b - a), 0), 1) : 0
            return newTimes[k] + (newTimes[k + 1] - newTimes[k]) * f
        }
        return Piece(samples: even, steps: newSteps)
    }

    /// A zero-phase low-pass (a second-order section run forwards, then backwards).
    static func lowPassed(_ samples: [Sample], cornerHz: Double) -> [(Double, Double, Double)] {
        let rate = medianRate(samples)
        var forward = [(Double, Double, Double)](repeating: (0, 0, 0), count: samples.count)
        var section = Biquad<SIMD4<Float>>.lowPass(cutoffHz: cornerHz, sampleRateHz: rate)
        let first = SIMD4<Float>(Float(samples[0].x), Float(samples[0].y), Float(samples[0].z), 0)
        section.settle(at: first)
        for k in 0..<samples.count {
            let y = section.process(SIMD4<Float>(Float(samples[k].x), Float(samples[k].y), Float(samples[k].z), 0))
            forward[k] = (Double(y[0]), Double(y[1]), Double(y[2]))
        }
        var backward = forward
        section = Biquad<SIMD4<Float>>.lowPass(cutoffHz: cornerHz, sampleRateHz: rate)
        let last = forward[forward.count - 1]
        section.settle(at: SIMD4<Float>(Float(last.0), Float(last.1), Float(last.2), 0))
        for k in stride(from: samples.count - 1, through: 0, by: -1) {
            let y = section.process(SIMD4<Float>(Float(forward[k].0), Float(forward[k].1), Float(forward[k].2), 0))
            backward[k] = (Double(y[0]), Double(y[1]), Double(y[2]))
        }
        return backward
    }

    /// The median sample rate.
    static func medianRate(_ samples: [Sample]) -> Double {
        guard samples.count > 2 else { return 100 }
        var gaps = zip(samples.dropFirst(), samples).map { $0.time - $1.time }.filter { $0 > 0 }
        gaps.sort()
        return gaps.isEmpty ? 100 : 1 / gaps[gaps.count / 2]
    }
}

/// Pieces joined end to end on one clock, crossfaded over a short overlap.
struct Timeline {
    var samples: [Sample] = []
    var steps: [Double] = []
    var walks: [TraceSidecar.Walk] = []
    static let overlap = 0.1

    mutating func appendWalk(_ piece: Piece) {
        let offset = append(piece, steps: piece.steps)
        if let first = piece.steps.first, let last = piece.steps.last {
            walks.append(TraceSidecar.Walk(start: first + offset, end: last + offset, steps: piece.steps.count))
        }
    }

    /// Appends a piece; returns the offset added to its times.
    @discardableResult
    mutating func append(_ piece: Piece, steps pieceSteps: [Double]) -> Double {
        guard let first = piece.samples.first else { return 0 }
        guard let last = samples.last else {
            let offset = -first.time
            samples = piece.samples.map { Sample(time: $0.time + offset, x: $0.x, y: $0.y, z: $0.z) }
            steps += pieceSteps.map { $0 + offset }
            return offset
        }
        // The piece's start overlaps the timeline's last `overlap` seconds.
        let offset = last.time - Self.overlap - first.time
        let fadeStart = last.time - Self.overlap
        // Keep the timeline up to the fade; blend the piece over it; then the piece.
        var tail: [Sample] = []
        while let s = samples.last, s.time > fadeStart { tail.insert(samples.removeLast(), at: 0) }
        let anchor = samples.last ?? tail.first ?? last
        for sample in piece.samples {
            let t = sample.time + offset
            guard t > (samples.last?.time ?? -Double.infinity) else { continue }
            if t <= last.time, !tail.isEmpty {
                let w = min(max((t - fadeStart) / Self.overlap, 0), 1)
                let old = Timeline.interpolate(tail, at: t, fallback: anchor)
                samples.append(Sample(time: t, x: old.x + (sample.x - old.x) * w, y: old.y + (sample.y - old.y) * w,
                                      z: old.z + (sample.z - old.z) * w))
            } else {
                samples.append(Sample(time: t, x: sample.x, y: sample.y, z: sample.z))
            }
        }
        steps += pieceSteps.map { $0 + offset }
        return offset
    }

    static func interpolate(_ samples: [Sample], at t: Double, fallback: Sample) -> Sample {
        guard let first = samples.first else { return fallback }
        if t <= first.time { return first }
        for k in 1..<max(samples.count, 1) where samples[k].time >= t {
            let a = samples[k - 1], b = samples[k]
            let f = b.time > a.time ? (t - a.time) / (b.time - a.time) : 0
            return Sample(time: t, x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, z: a.z + (b.z - a.z) * f)
        }
        return samples[samples.count - 1]
    }
}

/// A real recording prepared for cutting: its truth trimmed to where its signal moves, its
/// standing before the first step and after the last.
struct WalkSource {
    let samples: [Sample]
    let steps: [Double]
    /// Standing before the walk: sample indices.
    let standing: Range<Int>
    let stepPeriod: Double
    static let lead = 0.8
    static let tail = 1.0

    init?(samples: [Sample], steps unsorted: [Double]) {
        guard samples.count > 100, unsorted.count >= 6 else { return nil }
        let steps = unsorted.sorted()
        // Motion envelope: the band-passed magnitude's rms over half a second, at 25 Hz.
        var resampler = BinAveragingResampler(outputRateHz: 25, maximumGap: 0.5)
        var filter = BandPassFilter<Double>(highPassHz: 0.7, lowPassHz: 3, sampleRateHz: 25)
        var frames: [(time: Double, value: Double)] = []
        var settled = false
        for s in samples {
            resampler.push(time: s.time, value: s.x * s.x + s.y * s.y + s.z * s.z)
            while let (t, v) = resampler.nextOutput() {
                let m = v.squareRoot()
                if !settled { filter.settle(at: m); settled = true }
                frames.append((t, filter.process(m)))
            }
        }
        guard frames.count > 50 else { return nil }
        var envelope = [Double](repeating: 0, count: frames.count)
        var sum = 0.0
        for k in 0..<frames.count {
            sum += frames[k].value * frames[k].value
            if k >= 12 { sum -= frames[k - 12].value * frames[k - 12].value }
            envelope[max(0, k - 6)] = (max(sum, 0) / 12).squareRoot()
        }
        func envelopeMax(_ from: Double, _ to: Double) -> Double {
            frames.indices.filter { frames[$0].time >= from && frames[$0].time <= to }.map { envelope[$0] }.max() ?? 0
        }
        let inWalk = frames.indices.filter { frames[$0].time >= steps[0] && frames[$0].time <= steps[steps.count - 1] }.map { envelope[$0] }.sorted()
        guard !inWalk.isEmpty else { return nil }
        let level = inWalk[inWalk.count / 2]
        // Trim truth the signal does not support, from both ends.
        var kept = steps
        while let last = kept.last, envelopeMax(last - 0.4, last + 0.4) < 0.25 * level { kept.removeLast() }
        while let first = kept.first, envelopeMax(first - 0.4, first + 0.4) < 0.25 * level { kept.removeFirst() }
        guard kept.count >= 6 else { return nil }
        // At least a second of standing before the first step and after the last.
        func quiet(_ from: Double, _ to: Double) -> Bool {
            let values = frames.indices.filter { frames[$0].time >= from && frames[$0].time <= to }.map { envelope[$0] }
            return values.count >= 20 && values.allSatisfy { $0 < 0.15 * level }
        }
        let beginning = samples[0].time, end = samples[samples.count - 1].time
        let walkStart = kept[0] - Self.lead, walkEnd = kept[kept.count - 1] + Self.tail
        guard walkStart - beginning >= 1.2, end - walkEnd >= 1.0,
              quiet(max(beginning + 0.2, walkStart - 3), walkStart - 0.1),
              quiet(walkEnd + 0.1, min(end, walkEnd + 1.0)) else { return nil }
        let standingFrom = samples.firstIndex { $0.time >= max(beginning + 0.2, walkStart - 4) } ?? 0
        let standingTo = samples.firstIndex { $0.time >= walkStart - 0.1 } ?? samples.count
        guard standingTo - standingFrom > 20 else { return nil }
        self.samples = samples
        self.steps = kept
        standing = standingFrom..<standingTo
        var gaps = zip(kept.dropFirst(), kept).map { $0 - $1 }
        gaps.sort()
        stepPeriod = gaps[gaps.count / 2]
    }

    /// Samples between two times, on their own clock.
    func slice(_ from: Double, _ to: Double) -> [Sample] {
        samples.filter { $0.time >= from && $0.time <= to }
    }

    /// A walk of about `count` steps (one more when the splice needs the same foot), with the
    /// recording's real start and real stop.
    func walk(steps count: Int, using random: inout SeededRandom) -> Piece {
        let n = steps.count
        let start = steps[0] - Self.lead, end = steps[n - 1] + Self.tail
        if count >= n - 2 {
            return Piece(samples: slice(start, end), steps: steps)
        }
        // The first k steps, then the last ones from index j on, spliced in mid-stance of the same foot.
        let wanted = max(count, 3)
        var k = max(1, min(wanted - 1, Int((Double(wanted) / 2 + Double.random(in: -1...1, using: &random) * Double(wanted) / 4).rounded())))
        var j = n - (wanted - k)
        if (j - k) % 2 != 0 { j -= 1 }
        if j <= k { k = max(1, j - 2) }
        guard j > k, j - 1 >= 0 else { return Piece(samples: slice(start, end), steps: steps) }
        let stance = 0.35 * stepPeriod
        let cutA = steps[k - 1] + stance
        let cutB = steps[j - 1] + stance
        var first = Piece(samples: slice(start, cutA + Timeline.overlap), steps: Array(steps[0..<k]))
        first.samples = first.samples.map { Sample(time: $0.time, x: $0.x, y: $0.y, z: $0.z) }
        let second = Piece(samples: slice(cutB, end), steps: Array(steps[j..<n]))
        var timeline = Timeline()
        timeline.append(first, steps: first.steps)
        timeline.append(second, steps: second.steps)
        let origin = timeline.samples.first?.time ?? 0
        return Piece(samples: timeline.samples.map { Sample(time: $0.time - origin, x: $0.x, y: $0.y, z: $0.z) },
                     steps: timeline.steps.map { $0 - origin })
    }

    /// Standing still for `seconds`: the recording's own standing, played forwards and
    /// backwards as often as needed.
    func still(seconds: Double, using random: inout SeededRandom) -> Piece {
        let base = Array(samples[standing])
        let origin = base[0].time
        var out: [Sample] = []
        var t = 0.0
        var forward = Bool.random(using: &random)
        while t < seconds {
            let run = forward ? base : base.reversed()
            let runStart = run[0].time
            for s in run {
                let local = abs(s.time - runStart)
                if t + local > seconds { break }
                if let last = out.last, t + local <= last.time { continue }
                out.append(Sample(time: t + local, x: s.x, y: s.y, z: s.z))
            }
            t = (out.last?.time ?? t) + 1 / Piece.medianRate(base)
            forward.toggle()
        }
        _ = origin
        return Piece(samples: out, steps: [])
    }

    /// Sitting down, sitting still, standing up again (synthetic, from the standing signal).
    func sitting(seconds: Double, using random: inout SeededRandom) -> Piece {
        let quiet = still(seconds: seconds + 4, using: &random)
        let n = quiet.samples.count
        guard n > 10 else { return quiet }
        // Up (the specific force while standing), and a horizontal axis to tilt about.
        let mean = quiet.samples.reduce((0.0, 0.0, 0.0)) { ($0.0 + $1.x, $0.1 + $1.y, $0.2 + $1.z) }
        let g = (mean.0 / Double(n), mean.1 / Double(n), mean.2 / Double(n))
        let gLength = (g.0 * g.0 + g.1 * g.1 + g.2 * g.2).squareRoot()
        let up = (g.0 / gLength, g.1 / gLength, g.2 / gLength)
        var axis = (up.1, -up.0, 0.0)
        if abs(axis.0) + abs(axis.1) < 0.1 { axis = (0, up.2, -up.1) }
        let axisLength = (axis.0 * axis.0 + axis.1 * axis.1 + axis.2 * axis.2).squareRoot()
        axis = (axis.0 / axisLength, axis.1 / axisLength, axis.2 / axisLength)
        let tilt = Double.random(in: 15..<35, using: &random) * Double.pi / 180
        let transition = 2.0, drop = 0.45
        let total = quiet.duration
        var out: [Sample] = []
        out.reserveCapacity(n)
        for s in quiet.samples {
            let t = s.time
            // Progress of sitting (0 standing, 1 seated) and its vertical acceleration.
            let down1 = min(max(t / transition, 0), 1)
            let up1 = min(max((t - (total - transition)) / transition, 0), 1)
            let progress = minimumJerk(down1) - minimumJerk(up1)
            let accel = -drop * (minimumJerkSecond(down1) / (transition * transition))
                + drop * (minimumJerkSecond(up1) / (transition * transition))
            // Specific force along gravity grows by the upward acceleration.
            let extra = accel
            let v = (s.x + up.0 * extra, s.y + up.1 * extra, s.z + up.2 * extra)
            let r = rotate(v, about: axis, by: tilt * progress)
            out.append(Sample(time: t, x: r.0, y: r.1, z: r.2))
        }
        return Piece(samples: out, steps: [])
    }

    func minimumJerk(_ u: Double) -> Double { u * u * u * (10 - 15 * u + 6 * u * u) }
    func minimumJerkSecond(_ u: Double) -> Double { (u <= 0 || u >= 1) ? 0 : 60 * u - 180 * u * u + 120 * u * u * u }

    func rotate(_ v: (Double, Double, Double), about k: (Double, Double, Double), by angle: Double) -> (Double, Double, Double) {
        // Rodrigues' formula.
        let c = cos(angle), s = sin(angle)
        let dot = v.0 * k.0 + v.1 * k.1 + v.2 * k.2
        let cross = (k.1 * v.2 - k.2 * v.1, k.2 * v.0 - k.0 * v.2, k.0 * v.1 - k.1 * v.0)
        return (v.0 * c + cross.0 * s + k.0 * dot * (1 - c),
                v.1 * c + cross.1 * s + k.1 * dot * (1 - c),
                v.2 * c + cross.2 * s + k.2 * dot * (1 - c))
    }
}
