import ArgumentParser
import FootfallInput
import Logging

/// Options shared by the commands that read live accelerometers.
struct SensorOptions: ParsableArguments {
    @Option(help: ArgumentHelp("libiio context URI for a remote board running iiod, e.g. ip:192.168.1.7 (default: this machine).", valueName: "uri"))
    var uri: String?

    @Option(help: ArgumentHelp("Override the mount matrix: three rows of three numbers, e.g. '0, 1, 0; -1, 0, 0; 0, 0, 1'.", valueName: "matrix"))
    var mountMatrix: String?

    @Option(help: ArgumentHelp("Raw units per g for evdev devices that report no resolution.", valueName: "units"))
    var unitsPerG: Double?

    @Option(help: ArgumentHelp("How many times a second a buffered IIO device wakes the process (default 4; the buffer's watermark is rate / this).",
                               valueName: "n"))
    var readsPerSecond: Double?

    @Flag(name: .shortAndLong, help: "Log what the adapters do (device choice, rates, fallbacks) on stderr, and the process's reads, wakeups and CPU time at the end.")
    var verbose = false

    /// The input configuration these options describe.
    func configuration(rate: Double? = nil) throws -> InputConfiguration {
        var configuration = InputConfiguration()
        configuration.iioURI = uri
        configuration.unitsPerG = unitsPerG
        if let rate { configuration.targetRateHz = rate }
        if let readsPerSecond {
            guard readsPerSecond > 0 && readsPerSecond <= 10_000 else { throw ValidationError("--reads-per-second must be between 0 and 10000.") }
            configuration.reportLatency = .seconds(1 / readsPerSecond)
        } else {
            // The CLI counts live, step by step: four reads a second unless asked otherwise.
            configuration.reportLatency = .milliseconds(250)
        }
        if let mountMatrix {
            do {
                configuration.mountMatrix = try MountMatrix(parsing: mountMatrix)
            } catch {
                throw ValidationError(error.description)
            }
        }
        return configuration
    }

    /// A catalog logging to stderr at the chosen level.
    func catalog(rate: Double? = nil) throws -> SensorCatalog {
        var logger = Logger(label: "footfall.input") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = verbose ? .debug : .warning
        return SensorCatalog(configuration: try configuration(rate: rate), logger: logger)
    }
}
