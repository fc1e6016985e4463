import Foundation
import FootfallAnalysis
import FootfallDetection
import FootfallRandom
import FootfallText
import FootfallTraces

/// Makes wrist traces of everyday hand gestures with the physics of the real thing, for
/// testing that rhythmic arm motion is not counted as walking.
///
/// The hand is a rigid body carried by the forearm. Each gesture is a sequence of strokes:
/// smooth (minimum-jerk) moves of the hand's position and turns of the forearm, the way
/// muscles move a limb: a toothbrush scrubbing 2.5-5 times a second side to side or up and
/// down with the forearm raised and the wrist turning between areas; a comb drawn back over
/// the head about once a second while the forearm pitches; a fork or a glass lifted to the
/// mouth (and tipped, for drinking and pouring); a raised hand waving; hands clapping; fingers
/// typing; a phone held to the ear. The accelerometer on the wrist reads the specific force
/// R(t)ᵀ (p''(t) + g ẑ) in its own axes, where R(t) is the forearm's orientation times a
/// random mounting of the device (any orientation), plus a little body sway, sensor noise and,
/// optionally, the coarse quantisation of cheap wrist sensors (6 bits over ±1.5 g).
///
/// The motion is built at 200 Hz and sampled at the rate asked, so a seed gives the same
/// gesture at 12.5 Hz and at 100 Hz. Nothing here is a step: every counted step is false.
/// It is simulated motion, a fixture for tests and smoke sets and never evidence of how a
/// real hand moves, so it is in no shipped product (`footfall-devsets gesture` writes one).
public struct GestureTrace: Sendable {
    /// The gestures.
    public enum Gesture: String, Sendable, CaseIterable {
        /// Brushing teeth: fast small scrubs, forearm raised, wrist turning between areas.
        case brushing
        /// Combing hair: strokes back over the head about once a second, forearm pitching.
        case combing
        /// Eating: lifts of the hand to the mouth, cutting or scooping between them.
        case eating
        /// Drinking: lifts of a glass to the mouth, tipped while drinking.
        case drinking
        /// Pouring: lifting a jug and tipping it.
        case pouring
        /// Waving: the raised forearm swinging side to side a few times a second.
        case waving
        /// Clapping: hands meeting two to three times a second.
        case clapping
        /// Typing: small quick finger and wrist movements, pauses.
        case typing
        /// Using a phone: held to the ear, small sway.
        case phone
    }

    /// The gesture.
    public var gesture: Gesture
    /// Sample rate, Hz.
    public var rateHz: Double = 32
    /// Length, seconds.
    public var duration: Double = 120
    /// Quantise like a 6-bit ±1.5 g wrist sensor.
    public var coarse = false
    /// Seed for everything random.
    public var seed: UInt64 = 1

    /// Creates a description.
    public init(gesture: Gesture) {
        self.gesture = gesture
    }

    /// The rate the motion is built at before sampling.
    static let buildRate = 200.0

    /// The samples.
    public func generate() -> [Sample] {
        var random = SeededRandom(seed: seed)
        var motion = StrokeTimeline(duration: duration, rate: Self.buildRate)
        let posture = compose(&motion, using: &random)
        let mount = Rotation.random(using: &random)
        // A little sway of the body under the hand.
        for axis in 0..<3 {
            let sway = SmoothNoise(duration: duration, rate: Self.buildRate, cornerHz: 0.3, deviation: 0.004, random: &random)
            for i in 0..<motion.count { motion.position[axis][i] += sway[i] }
        }
        let force = motion.specificForce(posture: posture, mount: mount)
        var samples: [Sample] = []
        let count = Int(duration * rateHz)
        samples.reserveCapacity(count)
        let step = 1.5 * 2 * standardGravity / 63
        // Each sample is the mean of the motion over its period, as an accelerometer's own
        // low-pass at its output rate makes it (no aliasing of fast motion into slow).
        let span = max(1, Int((Self.buildRate / rateHz).rounded()))
        for k in 0..<count {
            let t = Double(k) / rateHz
            let centre = min(Int((t * Self.buildRate).rounded()), force.count - 1)
            let from = max(0, centre - span / 2), to = min(force.count - 1, from + span - 1)
            var value = [0.0, 0.0, 0.0]
            for axis in 0..<3 {
                var sum = 0.0
                for i in from...to { sum += force[i][axis] }
                value[axis] = sum / Double(to - from + 1) + random.gaussian(deviation: 0.05)
                if coarse { value[axis] = min(max((value[axis] / step).rounded() * step, -1.5 * standardGravity), 1.5 * standardGravity) }
            }
            samples.append(Sample(time: (t * 1e6).rounded() / 1e6, x: value[0], y: value[1], z: value[2]))
        }
        return samples
    }

    /// Lays the gesture's strokes on the timeline; returns the forearm's resting posture
    /// (roll, pitch, yaw, radians).
    func compose(_ motion: inout StrokeTimeline, using random: inout SeededRandom) -> (Double, Double, Double) {
        let degree = Double.pi / 180
        func uniform(_ low: Double, _ high: Double) -> Double { Double.random(in: low..<high, using: &random) }
        var t = uniform(0, 1)
        var posture = (0.0, uniform(-0.3, 0.3), 0.0)
        switch gesture {
        case .combing:
            posture.1 = uniform(0.8, 1.4)
            while t < duration - 1 {
                let out = uniform(0.35, 0.6), length = uniform(0.12, 0.25), pitch = uniform(25, 50) * degree
                let move = (-length, random.gaussian(deviation: 0.02), -uniform(0, 0.06))
                let turn = (random.gaussian(deviation: 10 * degree), pitch, random.gaussian(deviation: 10 * degree))
                motion.stroke(at: t, duration: out, move: move, turn: turn)
                t += out + uniform(0, 0.15)
                let back = uniform(0.3, 0.55)
                motion.stroke(at: t, duration: back, move: negated(move), turn: negated(turn))
                t += back + uniform(0, 0.3)
                if uniform(0, 1) < 0.08 { t += uniform(1, 3) }
            }
        case .brushing:
            posture.1 = uniform(0.5, 1.1)
            while t < duration - 1 {
                let frequency = uniform(2.5, 5), stretch = uniform(3, 8)
                let vertical = uniform(0, 1) < 0.3
                let amplitude = uniform(0.008, 0.02)
                var k = 0
                let end = t + stretch
                while t < end && t < duration - 0.5 {
                    let half = 1 / (2 * frequency) * uniform(0.85, 1.15)
                    let sign = k % 2 == 0 ? 1.0 : -1.0
                    let move = vertical ? (0.0, 0.0, sign * 2 * amplitude) : (0.0, sign * 2 * amplitude, 0.0)
                    motion.stroke(at: t, duration: half, move: move, turn: (sign * uniform(3, 10) * degree, 0, 0))
                    t += half
                    k += 1
                }
                // Move to another area of the mouth: the wrist turns.
                let shift = uniform(0.4, 0.8)
                motion.stroke(at: t, duration: shift,
                              move: (random.gaussian(deviation: 0.03), random.gaussian(deviation: 0.03), random.gaussian(deviation: 0.03)),
                              turn: (uniform(-60, 60) * degree, random.gaussian(deviation: 10 * degree), random.gaussian(deviation: 15 * degree)))
                t += shift + uniform(0.2, 1.5)
            }
        case .waving:
            posture.1 = uniform(1.2, 1.6)
            while t < duration - 6 {
                let frequency = uniform(1.5, 3), stretch = uniform(2, 5), amplitude = uniform(20, 40) * degree
                var k = 0
                let end = t + stretch
                while t < end {
                    let half = 1 / (2 * frequency)
                    let sign = k % 2 == 0 ? 1.0 : -1.0
                    let swing = k == 0 ? 1.0 : 2.0
                    motion.stroke(at: t, duration: half, move: (0, sign * 0.3 * sin(amplitude) * swing, 0), turn: (sign * amplitude * swing, 0, 0))
                    t += half
                    k += 1
                }
                // Back to rest.
                let sign = k % 2 == 0 ? 1.0 : -1.0
                motion.stroke(at: t, duration: 0.3, move: (0, sign * 0.3 * sin(amplitude), 0), turn: (sign * amplitude, 0, 0))
                t += uniform(2, 8)
            }
        case .clapping:
            posture.1 = uniform(0.2, 0.6)
            while t < duration - 1 {
                let frequency = uniform(2, 3.5), stretch = uniform(3, 8)
                var k = 0
                let end = t + stretch
                while t < end && t < duration - 0.5 {
                    let half = 1 / (2 * frequency)
                    let sign = k % 2 == 0 ? 1.0 : -1.0
                    motion.stroke(at: t, duration: half, move: (0, sign * 0.12, 0), turn: (0, 0, 0))
                    t += half
                    k += 1
                }
                if k % 2 == 1 { motion.stroke(at: t, duration: 0.2, move: (0, -0.12, 0), turn: (0, 0, 0)) }
                t += uniform(3, 10)
            }
        case .eating, .drinking, .pouring, .phone:
            posture.1 = uniform(-0.4, 0.2)
            while t < duration - 3 {
                let up = uniform(0.7, 1.3), lift = uniform(60, 100) * degree
                let move = (-0.1, 0.0, 0.3), turn = (0.0, lift, 0.0)
                let hold: Double
                switch gesture {
                case .eating: hold = uniform(0.3, 1.0)
                case .phone: hold = uniform(5, 20)
                default: hold = uniform(1.5, 4)
                }
                motion.stroke(at: t, duration: up, move: move, turn: turn)
                t += up
                if gesture == .drinking || gesture == .pouring {
                    let tip = uniform(0.5, 1.0), angle = uniform(40, 90) * degree
                    motion.stroke(at: t, duration: tip, move: (0, 0, 0), turn: (angle, 0, 0))
                    t += tip + hold
                    motion.stroke(at: t, duration: tip, move: (0, 0, 0), turn: (-angle, 0, 0))
                    t += tip
                } else {
                    t += hold
                }
                motion.stroke(at: t, duration: up, move: negated(move), turn: negated(turn))
                t += up
                if gesture == .eating {
                    // Cutting or scooping between bites.
                    var k = 0
                    let end = t + uniform(2, 8)
                    while t < end && t < duration - 0.5 {
                        let half = uniform(0.15, 0.3)
                        let sign = k % 2 == 0 ? 1.0 : -1.0
                        motion.stroke(at: t, duration: half, move: (sign * 0.03, 0, 0), turn: (0, 0, 0))
                        t += half
                        k += 1
                    }
                    if k % 2 == 1 { motion.stroke(at: t, duration: 0.2, move: (-0.03, 0, 0), turn: (0, 0, 0)) }
                }
                t += uniform(1, 6)
            }
        case .typing:
            posture.1 = uniform(-0.2, 0.1)
            while t < duration - 0.5 {
                let press = uniform(0.08, 0.2)
                motion.stroke(at: t, duration: press,
                              move: (random.gaussian(deviation: 0.004), random.gaussian(deviation: 0.004), random.gaussian(deviation: 0.004)),
                              turn: (random.gaussian(deviation: 2 * degree), random.gaussian(deviation: 2 * degree), random.gaussian(deviation: 2 * degree)))
                t += press - 0.15 * Foundation.log(max(uniform(0, 1), 1e-9))
                if uniform(0, 1) < 0.03 { t += uniform(1, 4) }
            }
        }
        return posture
    }

    func negated(_ v: (Double, Double, Double)) -> (Double, Double, Double) { (-v.0, -v.1, -v.2) }

    /// Writes the trace and its sidecar (non-walking: no true steps).
    /// - Parameter path: the CSV file; the sidecar goes beside it.
    public func write(to path: String, dataset: String = "gestures") throws {
        let samples = generate()
        let writer = try TraceCSVWriter(path: path)
        for sample in samples { writer.write(sample) }
        try writer.close()
        var sidecar = TraceSidecar(
            steps: 0, stepTimes: [], stepTimeTolerance: 0.25, activity: .nonWalking, placement: "wrist",
            device: "footfall-devsets gesture", subject: nil, sampleRateHz: rateHz, samples: samples.count, durationSeconds: duration,
            dataset: dataset, attribution: "Generated by footfall-devsets gesture: \(summary)",
            license: "CC0-1.0", groundTruth: "exact: no steps, only \(gesture.rawValue)")
        sidecar.subject = "seed \(seed)"
        sidecar.label = gesture.rawValue
        try sidecar.encoded().write(to: URL(fileURLWithPath: TraceSidecar.path(forTrace: path)))
    }

    /// The parameters in words.
    public var summary: String {
        "\(gesture.rawValue) on the wrist, \(formatted(rateHz, decimals: 1)) Hz\(coarse ? " (6-bit)" : ""), \(formatted(duration, decimals: 0)) s, seed \(seed)"
    }
}

/// Hand position and forearm turn over time, built from strokes that add up.
struct StrokeTimeline {
    let rate: Double
    let count: Int
    /// Position, metres, per axis (x forward, y left, z up), per frame.
    var position: [[Double]]
    /// Forearm turn (roll, pitch, yaw), radians, per axis, per frame.
    var turn: [[Double]]

    init(duration: Double, rate: Double) {
        self.rate = rate
        count = Int(duration * rate) + 2
        position = Array(repeating: Array(repeating: 0, count: count), count: 3)
        turn = Array(repeating: Array(repeating: 0, count: count), count: 3)
    }

    /// Adds a minimum-jerk stroke: from `start`, over `duration`, the hand moves by `move` and
    /// the forearm turns by `turn`, and stays there.
    mutating func stroke(at start: Double, duration: Double, move: (Double, Double, Double), turn rotation: (Double, Double, Double)) {
        let first = Int(start * rate)
        guard first < count else { return }
        let length = max(1, Int(duration * rate))
        let moves = [move.0, move.1, move.2], turns = [rotation.0, rotation.1, rotation.2]
        for i in first..<count {
            let u = min(1, Double(i - first) / Double(length))
            let s = u * u * u * (10 - 15 * u + 6 * u * u)
            for axis in 0..<3 {
                position[axis][i] += s * moves[axis]
                turn[axis][i] += s * turns[axis]
            }
        }
    }

    /// The specific force in the device's axes per frame: Rᵀ (p'' + g ẑ), with R the forearm's
    /// orientation (posture plus turn, yaw-pitch-roll) times the device's mounting.
    func specificForce(posture: (Double, Double, Double), mount: Rotation) -> [[Double]] {
        var out = Array(repeating: [0.0, 0.0, 0.0], count: count)
        let h = 1 / rate
        for i in 0..<count {
            let a = max(1, min(i, count - 2))
            var world = [0.0, 0.0, 0.0]
            for axis in 0..<3 {
                world[axis] = (position[axis][a + 1] - 2 * position[axis][a] + position[axis][a - 1]) / (h * h)
            }
            world[2] += standardGravity
            let forearm = Rotation.yawPitchRoll(yaw: posture.2 + turn[2][i], pitch: posture.1 + turn[1][i], roll: posture.0 + turn[0][i])
            // Into the forearm's frame, then into the device's (the mount's transpose).
            let inForearm = forearm.applyTransposed((world[0], world[1], world[2]))
            let inDevice = mount.applyTransposed(inForearm)
            out[i] = [inDevice.0, inDevice.1, inDevice.2]
        }
        return out
    }
}

/// Smooth random noise: white noise smoothed by three passes of a moving average (close to a
/// Gaussian low-pass with its corner near `cornerHz`), scaled to a standard deviation.
struct SmoothNoise {
    var values: [Double]

    init(duration: Double, rate: Double, cornerHz: Double, deviation: Double, random: inout SeededRandom) {
        let count = Int(duration * rate) + 2
        let width = max(1, Int(rate / cornerHz / 2))
        var signal = (0..<(count + 6 * width)).map { _ in random.gaussian() }
        for _ in 0..<3 {
            var smoothed = [Double](repeating: 0, count: signal.count - width)
            var sum = signal[0..<width].reduce(0, +)
            for i in 0..<smoothed.count {
                smoothed[i] = sum / Double(width)
                sum += signal[i + width] - signal[i]
            }
            signal = smoothed
        }
        values = Array(signal.prefix(count))
        let mean = values.reduce(0, +) / Double(values.count)
        let spread = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
        values = values.map { ($0 - mean) / max(spread, 1e-12) * deviation }
    }

    subscript(index: Int) -> Double { values[min(index, values.count - 1)] }
}
