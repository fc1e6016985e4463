import FootfallInput
import Logging

/// Where footfalld's samples come from: an accelerometer, kept through losses, or a recorded
/// trace replayed in its place (demos and tests).
public enum SampleSource: Sendable {
    /// The device `selector` names, found through `catalog` and reopened when it comes back.
    case device(DeviceSelector, catalog: SensorCatalog)
    /// A trace, at `speed` times real time, from the start again at its end with `loops`.
    case replay(path: String, speed: Double, loops: Bool)

    /// Where `footfall devices` looks, when the daemon reads devices.
    public var catalog: SensorCatalog? {
        if case .device(_, let catalog) = self { return catalog }
        return nil
    }

    /// Builds and starts the source; called on the sensor thread. A trace that cannot be read is
    /// logged and replaced by a source that never delivers, so the daemon still serves the
    /// store's history; a missing device is waited for.
    public func open(logger: Logger) -> SensorSource {
        switch self {
        case .replay(let path, let speed, let loops):
            do {
                let source = try TraceReplaySource(path: path, speed: speed, loops: loops)
                try source.start()
                return source
            } catch {
                logger.critical("\(error)")
                return UnavailableSource(reason: "\(error)")
            }
        case .device(let selector, let catalog):
            let supervised = SupervisedSource(catalog: catalog, selector: selector, logger: logger)
            supervised.startWaiting()
            return supervised
        }
    }
}
