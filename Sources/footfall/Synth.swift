import ArgumentParser
import FootfallAnalysis

/// `footfall synth`: writes a synthetic trace with known truth.
struct Synth: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a synthetic trace with known true steps (for tests and demos).",
        usage: "footfall synth -o <file.csv> [<options>]",
        discussion: """
        A walk is a continuous-time model sampled at the rate asked, so the same --seed gives \
        the same walk at any rate. Writes FILE.csv and its sidecar FILE.json with every true \
        step. The device is held in a random orientation chosen by the seed.

          footfall synth -o walk.csv --cadence 110 --rate 50
        """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("The CSV file to write; its sidecar gets the same name with .json.", valueName: "file.csv"))
    var output: String?

    // The output's old spelling: an argument.
    @Argument(help: .hidden) var outputArgument: String?

    @Option(help: "The motion: a walk between still stretches, sitting still, or riding in a vehicle.")
    var kind: SyntheticTrace.Kind = .walk

    @Option(help: "Steps per minute while walking.")
    var cadence: Double = 110

    @Option(help: "Sample rate, Hz (\(SyntheticTrace.ratesText)).")
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
        if let problem = SyntheticTrace.problem(rateHz: rate, duration: duration, output: try outputFile()) {
            throw ValidationError(problem)
        }
        if !(cadence >= 30 && cadence <= 240) { throw ValidationError("--cadence must be between 30 and 240 steps/min.") }
    }

    /// `-o/--output`, or the file given as an argument.
    func outputFile() throws -> String {
        try RenamedOption.output(output, old: outputArgument, oldName: "a file given without -o", what: "the CSV file to write")
    }

    func run() throws {
        let output = try outputFile()
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
