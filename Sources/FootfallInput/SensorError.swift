import FootfallVocabulary
import SystemPackage

/// Why a sensor could not be found, opened or read. Each message says what failed, on what,
/// why, and what to do about it; the underlying `Errno` is kept where there is one.
public enum SensorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A scan type string from sysfs is not in the kernel's format.
    case badScanType(String)
    /// A mount matrix is not three rows of three numbers.
    case badMountMatrix(String)
    /// No accelerometer was found at all.
    case noAccelerometer(searched: String)
    /// The device asked for does not exist (or is not an accelerometer).
    case deviceNotFound(String, known: [String])
    /// A device node or attribute cannot be opened for lack of permission.
    case permissionDenied(path: String, backend: SensorBackend)
    /// The device went away (unplugged, driver unbound) while in use.
    case deviceLost(String, Errno?)
    /// A system call failed on a device.
    case io(operation: String, path: String, Errno)
    /// libiio could not create a context (for example an unreachable `ip:` URI).
    case contextUnavailable(uri: String, Errno)
    /// The device is usable but lacks something the adapter needs.
    case unsupported(device: String, reason: String)
    /// A trace being replayed could not be read.
    case replay(String)
    /// The configuration asks for a chip's step counter and there is none.
    case noStepCounter(searched: String)

    public var description: String {
        switch self {
        case .badScanType(let text):
            return "Cannot decode the scan type '\(text)': expected the kernel's form [be|le]:[s|u]BITS/STORAGE[>>SHIFT], e.g. le:s12/16>>4."
        case .badMountMatrix(let text):
            return "Cannot use the mount matrix '\(text)': expected three rows of three numbers, rows separated by ';', e.g. '1, 0, 0; 0, 1, 0; 0, 0, 1'."
        case .noAccelerometer(let searched):
            return "No accelerometer found (searched \(searched)). Check 'footfall devices'; on a board, is the IIO or input driver loaded (lsmod, dmesg)? To try Footfall without hardware, replay a trace: footfalld --replay SampleTraces/oxford/Samsung_Dario_Hard_InHand_1.csv"
        case .deviceNotFound(let name, let known):
            let list = known.isEmpty ? "none found" : known.joined(separator: ", ")
            return "No accelerometer '\(name)'. Known accelerometers: \(list). Run 'footfall devices' to list them."
        case .permissionDenied(let path, let backend):
            switch backend {
            case .evdev:
                return "Cannot open \(path): permission denied. Add your user to the 'input' group (sudo usermod -aG input $USER, then log in again), or install Footfall's udev rule (contrib/udev/70-footfall.rules), which gives the 'footfall' group access to accelerometers."
            case .iio, .hardwareSteps:
                return "Cannot open \(path): permission denied. IIO device nodes are root-only by default: install Footfall's udev rule (contrib/udev/70-footfall.rules), which gives the 'footfall' group access, and add your user to that group (sudo usermod -aG footfall $USER, then log in again)."
            case .replay:
                return "Cannot open \(path): permission denied."
            }
        case .deviceLost(let device, let errno):
            return "The accelerometer \(device) went away\(errno.map { " (\($0.description))" } ?? ""); waiting for it to come back."
        case .io(let operation, let path, let errno):
            return "Cannot \(operation) \(path): \(errno.description)."
        case .contextUnavailable(let uri, let errno):
            return "Cannot reach IIO devices at '\(uri)': \(errno.description). For a remote board, is iiod running there and the address right (ip:HOST)?"
        case .unsupported(let device, let reason):
            return "Cannot use \(device): \(reason)."
        case .replay(let message):
            return "Cannot replay: \(message)"
        case .noStepCounter(let searched):
            return "No hardware step counter found (searched \(searched) for in_steps_input). Check 'footfall devices' (column 'hw steps'); on a board, is the chip's IIO driver loaded (bma400, mma9553, ...)? Or count with the accelerometer: source: auto."
        }
    }
}
