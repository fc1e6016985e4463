import ArgumentParser
import FootfallAnalysis
import FootfallDetection

/// Options shared by the commands that run the detector.
struct DetectorOptions: ParsableArguments {
    @Option(name: .customLong("set"), parsing: .singleValue,
            help: ArgumentHelp("Override a detector tunable for an experiment, as name=value (durations in seconds).",
                               valueName: "name=value", visibility: .hidden))
    var overrides: [String] = []

    @Option(help: ArgumentHelp("Use the walking model in this JSON file (tools/walking-model writes one per cross-validation fold) instead of the built-in one.",
                               valueName: "file.json"))
    var walkingModel: String?

    /// The configuration with every override applied.
    func configuration() throws -> DetectorConfiguration {
        var configuration = DetectorConfiguration.default
        if let walkingModel {
            do {
                configuration = try WalkingModelFile.load(path: walkingModel).applied(to: configuration)
            } catch {
                throw ValidationError(error.description)
            }
        }
        for text in overrides {
            do {
                configuration = try configuration.applying(override: text)
            } catch {
                throw ValidationError(error.description)
            }
        }
        return configuration
    }
}
