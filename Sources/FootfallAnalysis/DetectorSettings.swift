import FootfallDetection
import FootfallTraces

/// What a user changes about the detector for a run: where the device was worn, a walking
/// model file, and tunables overridden for an experiment. `footfall count`, `bench` and
/// `plot` take them as options; a cohort's study keeps them so that every task counts alike.
public struct DetectorSettings: Sendable, Equatable, Codable {
    /// Where the device was worn, for every recording; nil takes each recording's own (its
    /// sidecar's, else its header's: `DetectorConfiguration.forRecording(at:sidecar:placement:)`).
    public var placement: Placement?
    /// A walking model file used instead of the built-in model.
    public var walkingModel: String?
    /// Tunables overridden, as `name=value` (`DetectorConfiguration.applying(override:)`).
    public var overrides: [String]

    /// The built-in detector, at each recording's own placement.
    public init(placement: Placement? = nil, walkingModel: String? = nil, overrides: [String] = []) {
        self.placement = placement
        self.walkingModel = walkingModel
        self.overrides = overrides
    }

    /// Why the settings give no configuration: the model file or an override's message.
    public struct Problem: Error, CustomStringConvertible {
        /// The message.
        public var description: String
    }

    /// The configuration with every override applied (the placement given, else unknown).
    public func configuration() throws(Problem) -> DetectorConfiguration {
        var configuration = DetectorConfiguration.default
        configuration.placement = placement ?? .unknown
        if let walkingModel {
            do {
                configuration = try WalkingModelFile.load(path: walkingModel).applied(to: configuration)
            } catch {
                throw Problem(description: error.description)
            }
        }
        for text in overrides {
            do {
                configuration = try configuration.applying(override: text)
            } catch {
                throw Problem(description: error.description)
            }
        }
        return configuration
    }

    /// The configuration for the recording at `path`: its placement is the one given, else
    /// the one its sidecar or its header names.
    public func configuration(forRecording path: String) throws(Problem) -> DetectorConfiguration {
        // A sidecar that cannot be read says nothing: reading the recording will say why.
        let sidecar = placement == nil ? ((try? TraceSidecar.load(besideTrace: path)) ?? nil) : nil
        return try configuration().forRecording(at: path, sidecar: sidecar, placement: placement)
    }
}

// Kept by name in a study's settings.
extension Placement: Codable {}
