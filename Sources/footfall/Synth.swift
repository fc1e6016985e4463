import ArgumentParser
import FootfallAnalysis

/// `footfall synth`: writes a synthetic trace with known truth.
struct Synth: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a synthetic trace with known true steps (for tests and demos).",
        discussion: """
        A walk is a continuous-time model sampled at the rate asked, so the same --seed gives \
        the same walk at any rate. Writes FILE.csv and its sidecar FILE.json with every true \
        step. The device is held in a random orientation chosen by the seed.

        The gesture kinds (brushing, combing, eating, drinking, pouring, waving, clapping, \
        typing, phone) are wrist motions built from the physics of a hand carried by the \
        forearm: they hold no steps, so every step counted in them is false. --coarse quantises \
        them like a cheap 6-bit wrist sensor. For whole development sets, see 'footfall devsets'.
        """
    )

    @Argument(help: ArgumentHelp("The CSV file to write.", valueName: "file.csv"))
    var output: String

    @Option(help: "walk, still, vehicle, or a wrist gesture: brushing, combing, eating, drinking, pouring, waving, clapping, typing, phone.")
    var kind: SynthKind = .walk

    @Option(help: "Steps per minute while walking.")
    var cadence: Double = 110

    @Option(help: "Sample rate, Hz (12.5 to 400).")
    var rate: Double = 50

    @Option(help: "Length, seconds.")
    var duration: Double = 60

    @Option(help: "Peak vertical acceleration of a step, m/s^2.")
    var strength: Double = 2.5

    @Option(help: "Timestamp jitter, as a fraction of the sample period.")
    var jitter: Double = 0

    @Option(help: "Seed for the randomness.")
    var seed: UInt64 = 1

    @Flag(help: "Gestures only: quantise like a 6-bit, +-1.5 g wrist sensor.")
    var coarse = false

    func validate() throws {
        if !(rate >= 1 && rate <= 2000) { throw ValidationError("--rate must be between 1 and 2000 Hz.") }
        if !(duration > 0 && duration <= 2_592_000) { throw ValidationError("--duration must be between 0 and 2592000 s (30 days).") }
        if !(cadence >= 30 && cadence <= 240) { throw ValidationError("--cadence must be between 30 and 240 steps/min.") }
        if !output.hasSuffix(".csv") { throw ValidationError("The output file must end in .csv (the sidecar gets .json).") }
    }

    func run() throws {
        if case .gesture(let gesture) = kind {
            var trace = GestureTrace(gesture: gesture)
            trace.rateHz = rate
            trace.duration = duration
            trace.coarse = coarse
            trace.seed = seed
            try trace.write(to: output)
            print("wrote \(output): \(trace.summary)")
            return
        }
        guard case .motion(let motion) = kind else { return }
        var trace = SyntheticTrace(kind: motion)
        trace.cadence = cadence
        trace.rateHz = rate
        trace.duration = duration
        trace.stepStrength = strength
        trace.timestampJitter = jitter
        trace.seed = seed
        try trace.write(to: output)
        print("wrote \(output): \(trace.summary)")
    }
}

/// What `footfall synth` makes: a body motion (`SyntheticTrace`) or a wrist gesture (`GestureTrace`).
enum SynthKind: ExpressibleByArgument, Equatable {
    case motion(SyntheticTrace.Kind)
    case gesture(GestureTrace.Gesture)

    static let walk = SynthKind.motion(.walk)

    init?(argument: String) {
        if let motion = SyntheticTrace.Kind(rawValue: argument) {
            self = .motion(motion)
        } else if let gesture = GestureTrace.Gesture(rawValue: argument) {
            self = .gesture(gesture)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] {
        SyntheticTrace.Kind.allCases.map(\.rawValue) + GestureTrace.Gesture.allCases.map(\.rawValue)
    }

    var defaultValueDescription: String {
        switch self {
        case .motion(let motion): return motion.rawValue
        case .gesture(let gesture): return gesture.rawValue
        }
    }
}
