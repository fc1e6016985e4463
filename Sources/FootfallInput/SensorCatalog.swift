import Logging
#if canImport(CFootfallIIO)
import CFootfallIIO
#endif

/// What discovery found: the accelerometers, and what got in the way.
public struct DiscoveryReport: Sendable {
    /// Every accelerometer found, IIO first.
    public var devices: [SensorDevice]
    /// Problems that may hide a device: permissions, unreachable contexts.
    public var problems: [String]
}

/// Something that opens the accelerometer a selector names: the catalog, or a test's fake.
public protocol SensorOpening: Sendable {
    /// Opens (does not start) the device `selector` names.
    func open(_ selector: DeviceSelector) throws(SensorError) -> SensorSource
}

/// Finds accelerometers on every backend and opens them, in priority order: IIO (buffered,
/// else polled) before evdev, as iio-sensor-proxy probes its drivers. Backends never know each
/// other; this is the one place that knows them all.
public struct SensorCatalog: SensorOpening {
    /// How devices are driven.
    public var configuration: InputConfiguration
    let logger: Logger

    /// Creates a catalog.
    public init(configuration: InputConfiguration = InputConfiguration(), logger: Logger = Logger(label: "footfall.input")) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Lists every accelerometer.
    public func discover() -> DiscoveryReport {
        var devices: [SensorDevice] = []
        var problems: [String] = []
        #if canImport(CFootfallIIO)
        do {
            let context = try IIOContext(uri: configuration.iioURI)
            for device in context.devices {
                guard let accelerometer = IIOAccelerometer(device) else {
                    // A chip that offers only its step counter, no accelerometer channels.
                    if let counter = IIOStepCounter(device) { devices.append(counter.description) }
                    continue
                }
                do { devices.append(try accelerometer.describe(configuration: configuration)) } catch { problems.append(error.description) }
            }
        } catch {
            // No IIO subsystem at all is normal on a desktop; say so only for a remote URI.
            if configuration.iioURI != nil { problems.append(error.description) }
        }
        #endif
        #if canImport(CFootfallEvdev)
        if configuration.iioURI == nil {
            let evdev = EvdevDiscovery.discover(configuration: configuration)
            devices += evdev.devices
            problems += evdev.problems
        }
        #endif
        return DiscoveryReport(devices: devices, problems: problems)
    }

    /// Opens the accelerometer `selector` names (not started).
    /// - Throws: `SensorError.noAccelerometer` or `.deviceNotFound`, or what opening fails with.
    public func open(_ selector: DeviceSelector) throws(SensorError) -> SensorSource {
        if configuration.stepSource == .hardwareSteps {
            return try openStepCounter(selector, withAccelerometer: true)
        }
        #if canImport(CFootfallIIO)
        if let context = try? IIOContext(uri: configuration.iioURI) {
            for device in context.devices {
                guard let accelerometer = IIOAccelerometer(device) else { continue }
                let description = try accelerometer.describe(configuration: configuration)
                if selector.matches(description) {
                    return try IIOSource(accelerometer, context: context, configuration: configuration, logger: logger)
                }
            }
        } else if let uri = configuration.iioURI {
            _ = try IIOContext(uri: uri)  // rethrows why the remote context is unavailable
        }
        #endif
        #if canImport(CFootfallEvdev)
        if configuration.iioURI == nil {
            if case .named(let name) = selector, name.hasPrefix("/dev/input/") || name.hasPrefix("event") {
                return EvdevSource(path: name.hasPrefix("/") ? name : configuration.inputFolder + "/" + name, configuration: configuration)
            }
            for device in EvdevDiscovery.discover(configuration: configuration).devices where selector.matches(device) {
                return EvdevSource(path: device.path ?? device.id, configuration: configuration)
            }
        }
        #endif
        // Where the software path is not possible: a chip that offers only its step counter.
        if configuration.stepSource == .automatic, let counter = try? openStepCounter(selector, withAccelerometer: false) {
            return counter
        }
        let report = discover()
        if let denied = report.problems.first(where: { $0.contains("permission denied") }), report.devices.isEmpty {
            throw .unsupported(device: selector.description, reason: denied)
        }
        switch selector {
        case .automatic:
            throw .noAccelerometer(searched: configuration.iioURI.map { "IIO devices at \($0)" } ?? "IIO devices and \(configuration.inputFolder)")
        case .named(let name):
            throw .deviceNotFound(name, known: report.devices.map { "\($0.id) (\($0.name))" })
        }
    }

    /// Opens the step counter of the IIO device `selector` names (not started): of any device
    /// with one, or, `withAccelerometer` false, only of devices without accelerometer channels.
    /// - Throws: `SensorError.noStepCounter` or `.deviceNotFound`.
    func openStepCounter(_ selector: DeviceSelector, withAccelerometer: Bool) throws(SensorError) -> SensorSource {
        let searched = configuration.iioURI.map { "IIO devices at \($0)" } ?? "IIO devices"
        #if canImport(CFootfallIIO)
        let context = try IIOContext(uri: configuration.iioURI)
        var known: [String] = []
        for device in context.devices {
            guard let counter = IIOStepCounter(device), withAccelerometer || IIOAccelerometer(device) == nil else { continue }
            var description = counter.description
            if let accelerometer = IIOAccelerometer(device), let full = try? accelerometer.describe(configuration: configuration) {
                description = full
            }
            known.append("\(device.id) (\(device.name))")
            if selector.matches(description) {
                return IIOStepCounterSource(counter, context: context, configuration: configuration, logger: logger)
            }
        }
        if case .named(let name) = selector, !known.isEmpty { throw .deviceNotFound(name, known: known) }
        #endif
        throw .noStepCounter(searched: searched)
    }
}
