import ArgumentParser
import FootfallAnalysis
import FootfallTraces
import FootfallDetection

/// Options shared by the commands that run the detector.
struct DetectorOptions: ParsableArguments {
    @Option(name: .customLong("set"), parsing: .singleValue,
            help: ArgumentHelp("Override a detector tunable for an experiment, as name=value (durations in seconds).",
                               valueName: "name=value", visibility: .hidden))
    var overrides: [String] = []

    @Option(help: ArgumentHelp("Where the device was worn: wrist (a watch, a band), body (a pocket, the hand, a bag, a belt, the lower back) or unknown. Default: what the recording's sidecar says (footfall record --placement writes it; a sidecar whose device is a watch or a band is at the wrist unless it names somewhere other than the hand or the arm), else what the recording's header says (a GENEActiv's Device Location Code), else unknown.",
                               valueName: "placement"))
    var placement: Placement?

    @Option(help: ArgumentHelp("Use the walking model in this JSON file (tools/walking-model writes one per cross-validation fold) instead of the built-in one.",
                               valueName: "file.json"))
    var walkingModel: String?

    /// The settings the options describe.
    var settings: DetectorSettings {
        DetectorSettings(placement: placement, walkingModel: walkingModel, overrides: overrides)
    }

    /// The configuration for the recording at `path`: its placement is the one given, else
    /// where the recording says (`DetectorConfiguration.forRecording(at:sidecar:placement:)`,
    /// the one rule count, plot, bench and a cohort follow).
    func configuration(forRecording path: String) throws -> DetectorConfiguration {
        do { return try settings.configuration(forRecording: path) } catch { throw ValidationError(error.description) }
    }

    /// The configuration with every override applied (the placement given, else unknown).
    func configuration() throws -> DetectorConfiguration {
        do { return try settings.configuration() } catch { throw ValidationError(error.description) }
    }
}

extension Placement: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
