#if canImport(CFootfallEvdev)
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds evdev accelerometers by opening each `/dev/input/event*` node and checking for
/// INPUT_PROP_ACCELEROMETER with ABS_X/Y/Z (there may be no udev to ask, as in a minimal
/// board image or a test guest).
enum EvdevDiscovery {
    /// Every accelerometer found, and a note for each node that could not be checked.
    static func discover(configuration: InputConfiguration) -> (devices: [SensorDevice], problems: [String]) {
        let folder = configuration.inputFolder
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix("event") }
            .sorted { (Int($0.dropFirst(5)) ?? 0) < (Int($1.dropFirst(5)) ?? 0) }
        var devices: [SensorDevice] = []
        var denied: [String] = []
        var problems: [String] = []
        for name in names {
            let path = folder + "/" + name
            do {
                let handle = try EvdevHandle(path: path)
                guard handle.isAccelerometer, handle.hasXYZ else { continue }
                devices.append(try EvdevSource.describe(handle, configuration: configuration))
            } catch SensorError.permissionDenied {
                denied.append(path)
            } catch {
                problems.append(error.description)
            }
        }
        if !denied.isEmpty {
            problems.append(SensorError.permissionDenied(path: denied.joined(separator: ", "), backend: .evdev).description)
        }
        return (devices, problems)
    }
}
#endif
