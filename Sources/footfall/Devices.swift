import ArgumentParser
import Foundation
import FootfallAnalysis
import FootfallInput
import FootfallText

/// `footfall devices`: every accelerometer this machine (or a remote board) has.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the accelerometers Footfall can read.",
        discussion: """
        IIO devices (through libiio) and evdev input devices that declare themselves \
        accelerometers. For each: backend, id to pass to --device, name, available and current \
        sample rates, scale, the mount matrix in effect and where it came from \
        (configuration, udev's ACCEL_MOUNT_MATRIX, or the driver), and whether the device has \
        a hardware step counter (with its reading: steps since the chip's counter was enabled; \
        "off" when it is not counting). Devices of backend hardware-steps are chips that offer \
        only their step counter (footfalld counts with it: no step times, no cadence). Problems that may hide a device (permissions) are printed on \
        stderr with what to do. Exit status 0 even when none is found.
        """
    )

    @Flag(help: "Print JSON: an array of device objects.")
    var json = false

    @OptionGroup var sensor: SensorOptions

    func run() throws {
        let report = try sensor.catalog().discover()
        for problem in report.problems {
            FileHandle.standardError.write(Data("footfall: \(problem)\n".utf8))
        }
        if json && report.devices.isEmpty {
            print("[]")
            return
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(report.devices), as: UTF8.self))
            return
        }
        if report.devices.isEmpty {
            print("No accelerometer found. To try Footfall without one: footfall count SampleTraces/bangle/100_1.csv")
            return
        }
        var table = TextTable([("backend", .left), ("id", .left), ("name", .left), ("rates (Hz)", .left),
                               ("current", .right), ("scale", .right), ("mount matrix", .left), ("hw steps", .left)])
        for device in report.devices {
            let scale = device.scale.map { formatted($0, decimals: 6) }
                ?? device.unitsPerG.map { "\(formatted($0[0], decimals: 0))/g" } ?? "-"
            table.add([device.backend.rawValue, device.id, device.name, device.availableRates ?? "-",
                       device.currentRateHz.map { formatted($0, decimals: 1) } ?? "-", scale,
                       "\(device.mountMatrix) (\(device.mountMatrixSource.rawValue))", hardwareStepsColumn(device)])
        }
        print(table.render(), terminator: "")
    }

    /// "no", "off" (a counter not counting), or the counter's reading.
    func hardwareStepsColumn(_ device: SensorDevice) -> String {
        guard device.hasHardwareStepCounter else { return "no" }
        return device.hardwareSteps.map { "yes: \(NumberText.grouped($0))" } ?? "yes (off)"
    }
}
