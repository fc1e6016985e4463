import Foundation
import FootfallDetection

/// Simple test signals as sample streams.
public enum Signals {
    /// Gravity on z plus a vertical sinusoid, sampled at `rateHz`.
    public static func tone(frequencyHz: Double, amplitude: Double, rateHz: Double, duration: Double,
                            phase: Double = 0) -> [Sample] {
        (0..<Int(duration * rateHz)).map { k in
            let t = Double(k) / rateHz
            return Sample(time: t, x: 0, y: 0, z: standardGravity + amplitude * sin(2 * .pi * frequencyHz * t + phase))
        }
    }

    /// A walker's rhythm at its simplest: the body rises and falls once per step (z), surges
    /// forward once per step (y) and sways sideways once per stride (x), on top of gravity.
    public static func stepRhythm(frequencyHz: Double, amplitude: Double, rateHz: Double, duration: Double) -> [Sample] {
        (0..<Int(duration * rateHz)).map { k in
            let t = Double(k) / rateHz
            let phase = 2 * .pi * frequencyHz * t
            return Sample(time: t, x: 0.3 * amplitude * sin(phase / 2), y: 0.5 * amplitude * sin(phase + 1),
                          z: standardGravity + amplitude * sin(phase))
        }
    }

    /// Gravity only, on z.
    public static func still(rateHz: Double, duration: Double) -> [Sample] {
        tone(frequencyHz: 1, amplitude: 0, rateHz: rateHz, duration: duration)
    }

    /// Runs a detector over samples and returns every step.
    public static func steps(_ samples: [Sample], configuration: DetectorConfiguration = .default) -> [StepEvent] {
        var detector = StepDetector(configuration: configuration)
        var steps: [StepEvent] = []
        detector.process(samples) { steps.append($0) }
        detector.finish { steps.append($0) }
        return steps
    }
}
