import Foundation
import FootfallDetection
import FootfallRandom
import FootfallText
import FootfallTraces

/// Makes accelerometer traces with known truth: walks at a chosen cadence and rate, standing
/// still, and vehicle-like vibration. Used for SampleTraces (through `footfall synth`) and by
/// the tests, which synthesise the same walk at several rates.
///
/// The walk is defined in continuous time, then sampled: so one seed gives the same walk at
/// 12.5 Hz and at 400 Hz. In the world frame, the vertical acceleration repeats once per step
/// (a fundamental and a second harmonic, peaking at each foot contact), the forward one once
/// per step, and the lateral one once per stride; cadence and step strength vary a little from
/// step to step. A random rotation turns it into the device's frame, and sensor noise is added.
public struct SyntheticTrace: Sendable {
    /// What to synthesise.
    public enum Kind: String, Sendable, CaseIterable {
        /// Standing or sitting still, then walking, then still again.
        case walk
        /// Sitting still: sensor noise and tiny movements only.
        case still
        /// Riding in a vehicle: engine and road vibration, sway, and bumps.
        case vehicle
    }

    /// The sample rates a synthetic trace may be asked for, Hz: the rates the detector is made
    /// for (12.5 Hz, a watch's slowest, to 400 Hz). `footfall synth --help` states them.
    public static let rates: ClosedRange<Double> = 12.5...400

    /// The range of `rates` as the command line writes it: "12.5 to 400".
    public static var ratesText: String { "\(NumberText.trimmed(rates.lowerBound)) to \(NumberText.trimmed(rates.upperBound))" }

    /// What is wrong with a request to write a synthetic trace (`footfall synth`, and the
    /// development sets' tools, which write theirs the same way): the first problem, worded
    /// for the command line, or nil when the rate, the length and the file name will do.
    /// - Parameters:
    ///   - rateHz: the sample rate asked for (`--rate`).
    ///   - duration: the length asked for, seconds (`--duration`).
    ///   - output: the CSV file to write; its sidecar takes the same name in .json.
    public static func problem(rateHz: Double, duration: Double, output: String) -> String? {
        if !rates.contains(rateHz) { return "--rate must be from \(ratesText) Hz." }
        if !(duration > 0 && duration <= 2_592_000) { return "--duration must be between 0 and 2592000 s (30 days)." }
        if !output.hasSuffix(".csv") { return "The output file must end in .csv (the sidecar gets .json)." }
        return nil
    }

    /// The kind of motion.
    public var kind: Kind
    /// Steps per minute while walking.
    public var cadence: Double = 110
    /// Sample rate, Hz.
    public var rateHz: Double = 50
    /// Length of the trace, seconds.
    public var duration: Double = 60
    /// Still time before the walk starts and after it ends, seconds.
    public var stillMargin: Double = 5
    /// Peak vertical acceleration of a step, m/s².
    public var stepStrength: Double = 2.5
    /// Standard deviation of the timestamps' jitter, as a fraction of the sample period.
    public var timestampJitter: Double = 0
    /// Seed for everything random.
    public var seed: UInt64 = 1

    /// Creates a description.
    public init(kind: Kind) {
        self.kind = kind
    }

    /// The samples and the true step times.
    public func generate() -> (samples: [Sample], steps: [Double]) {
        var random = SeededRandom(seed: seed)
        let rotation = Rotation.random(using: &random)
        let steps = kind == .walk ? stepTimes(using: &random) : []
        let strengths = steps.map { _ in stepStrength * (1 + random.gaussian(deviation: 0.08)) }
        let bumps = kind == .vehicle ? (0..<Int(duration / 7)).map { _ in Double.random(in: 0..<duration, using: &random) } : []
        let count = Int(duration * rateHz)
        var samples: [Sample] = []
        samples.reserveCapacity(count)
        var previous = -Double.infinity
        // Samples come in time order: the step they fall after only moves forward.
        var nextStep = 0
        for k in 0..<count {
            var t = Double(k) / rateHz
            if timestampJitter > 0 { t += random.gaussian(deviation: timestampJitter / rateHz) }
            t = max(t, previous + 1e-6, 0)
            previous = t
            var world: (Double, Double, Double)
            switch kind {
            case .walk:
                while nextStep < steps.count && steps[nextStep] <= t { nextStep += 1 }
                world = walking(at: t, steps: steps, strengths: strengths, next: nextStep)
            case .still: world = (0, 0, standardGravity + 0.02 * sin(2 * .pi * 0.25 * t))
            case .vehicle: world = vehicle(at: t, bumps: bumps, random: &random)
            }
            let device = rotation.apply(world)
            let noise = 0.04
            samples.append(Sample(time: (t * 1e6).rounded() / 1e6,
                                  x: device.0 + random.gaussian(deviation: noise),
                                  y: device.1 + random.gaussian(deviation: noise),
                                  z: device.2 + random.gaussian(deviation: noise)))
        }
        return (samples, steps)
    }

    /// Foot contacts: a steady cadence with 3 % jitter between the still margins.
    func stepTimes(using random: inout SeededRandom) -> [Double] {
        let period = 60 / cadence
        var times: [Double] = []
        var t = stillMargin + period / 2
        while t < duration - stillMargin {
            times.append(t)
            t += period * (1 + random.gaussian(deviation: 0.03))
        }
        return times
    }

    /// World-frame acceleration (lateral, forward, vertical) while walking.
    /// - Parameter next: the index of the first step after `t`.
    func walking(at t: Double, steps: [Double], strengths: [Double], next: Int) -> (Double, Double, Double) {
        guard let first = steps.first, let last = steps.last, t > first - 0.6 * 60 / cadence, t < last + 0.6 * 60 / cadence else {
            return (0, 0, standardGravity)
        }
        // Phase: 0 at each contact, 1 at the next; extrapolated half a step before and after.
        var index = next
        let period = 60 / cadence
        let start = index == 0 ? first - period : steps[index - 1]
        let end = index == steps.count ? last + period : steps[index]
        let phase = (t - start) / (end - start)
        index = max(0, min(index - 1, steps.count - 1))
        let strength = strengths[index]
        // Contact and the last half step fade in and out, like starting and stopping.
        let envelope = min(1, max(0, (t - first + period) / period), max(0, (last + period - t) / period))
        let vertical = strength * (0.75 * cos(2 * .pi * phase) + 0.35 * cos(4 * .pi * phase - 0.4))
        let forward = 0.6 * strength * sin(2 * .pi * phase)
        let stride = Double(index % 2) + phase
        let lateral = 0.4 * strength * sin(.pi * stride)
        return (envelope * lateral, envelope * forward, standardGravity + envelope * vertical)
    }

    /// World-frame acceleration in a vehicle: 2-12 Hz vibration, slow sway, occasional bumps.
    func vehicle(at t: Double, bumps: [Double], random: inout SeededRandom) -> (Double, Double, Double) {
        var vertical = 0.25 * sin(2 * .pi * 11.3 * t) + 0.15 * sin(2 * .pi * 4.7 * t + 1) + random.gaussian(deviation: 0.15)
        for bump in bumps where abs(t - bump) < 0.4 {
            vertical += 1.5 * exp(-pow((t - bump) / 0.08, 2)) * cos(2 * .pi * 3 * (t - bump))
        }
        let sway = 0.6 * sin(2 * .pi * 0.2 * t) + 0.3 * sin(2 * .pi * 0.47 * t + 2)
        let braking = 0.8 * sin(2 * .pi * 0.03 * t)
        return (sway, braking, standardGravity + vertical)
    }

    /// Writes the trace and its sidecar.
    /// - Parameters:
    ///   - path: the CSV file; the sidecar goes beside it.
    ///   - description: a sentence for the sidecar's `ground_truth`.
    public func write(to path: String) throws {
        let (samples, steps) = generate()
        let writer = try TraceCSVWriter(path: path)
        for sample in samples { writer.write(sample) }
        try writer.close()
        var sidecar = TraceSidecar(
            steps: steps.count, stepTimes: steps.map { ($0 * 1000).rounded() / 1000 }, stepTimeTolerance: 0.25,
            activity: kind == .walk ? .walking : .nonWalking, placement: "synthetic", device: "footfall synth",
            subject: nil, sampleRateHz: rateHz, samples: samples.count, durationSeconds: duration,
            dataset: "synthetic", attribution: "Generated by footfall synth: \(summary)",
            license: "CC0-1.0", groundTruth: "exact: the generator's own foot-contact times")
        sidecar.subject = "seed \(seed)"
        try sidecar.encoded().write(to: URL(fileURLWithPath: TraceSidecar.path(forTrace: path)))
    }

    /// The parameters in words.
    public var summary: String {
        switch kind {
        case .walk:
            return "walk, \(formatted(cadence, decimals: 0)) steps/min, \(formatted(rateHz, decimals: 1)) Hz, \(formatted(duration, decimals: 0)) s, seed \(seed)"
        case .still, .vehicle:
            return "\(kind.rawValue), \(formatted(rateHz, decimals: 1)) Hz, \(formatted(duration, decimals: 0)) s, seed \(seed)"
        }
    }
}
