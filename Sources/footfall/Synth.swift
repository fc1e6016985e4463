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
        """
    )

    @Argument(help: ArgumentHelp("The CSV file to write.", valueName: "file.csv"))
    var output: String

    @Option(help: "The motion: a walk between still stretches, sitting still, or riding in a vehicle.")
    var kind: SyntheticTrace.Kind = .walk

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

    func validate() throws {
        if let problem = SyntheticTrace.problem(rateHz: rate, duration: duration, output: output) {
            throw ValidationError(problem)
        }
        if !(cadence >= 30 && cadence <= 240) { throw ValidationError("--cadence must be between 30 and 240 steps/min.") }
    }

    func run() throws {
        var trace = SyntheticTrace(kind: kind)
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

extension SyntheticTrace.Kind: ExpressibleByArgument {}
