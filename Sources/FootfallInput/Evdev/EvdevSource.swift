#if canImport(CFootfallEvdev)
import CFootfallEvdev
import FootfallDetection
import SystemPackage

/// Reads an evdev accelerometer (INPUT_PROP_ACCELEROMETER with ABS_X/Y/Z) through libevdev.
///
/// Values become m/s² through each axis's resolution (units per g) as the driver reports it;
/// events are stamped on the monotonic clock by the kernel. When the kernel's buffer overflows
/// (SYN_DROPPED) the axis state is resynchronised through libevdev's sync mode and reading goes
/// on. Evdev devices have no rate control: they report at the driver's rate.
public final class EvdevSource: SensorSource {
    public private(set) var device: SensorDevice
    let configuration: InputConfiguration
    var handle: EvdevHandle?
    var assembler: EvdevFrameAssembler?
    var syncing = false

    /// Prepares to read the device at `path`; nothing is opened until `start`.
    public init(path: String, configuration: InputConfiguration = InputConfiguration()) {
        self.configuration = configuration
        device = SensorDevice(backend: .evdev, id: path, name: "", path: path)
    }

    public func start() throws(SensorError) {
        let path = device.path ?? device.id
        let handle = try EvdevHandle(path: path)
        guard handle.isAccelerometer, handle.hasXYZ else {
            throw .unsupported(device: path, reason: "it is not an accelerometer (no INPUT_PROP_ACCELEROMETER with ABS_X, ABS_Y and ABS_Z)")
        }
        try handle.useMonotonicClock()
        device = try Self.describe(handle, configuration: configuration)
        let units = device.unitsPerG ?? [1, 1, 1]
        var assembler = EvdevFrameAssembler(unitsPerG: (units[0], units[1], units[2]), matrix: device.mountMatrix)
        if let x = handle.axis(ABS_X), let y = handle.axis(ABS_Y), let z = handle.axis(ABS_Z) {
            assembler.restore(x: x.value, y: y.value, z: z.value)
        }
        self.assembler = assembler
        self.handle = handle
        syncing = false
    }

    public func read(into batch: inout [Sample], timeout: Duration) throws(SensorError) -> SensorReadOutcome {
        guard let handle, var assembler else {
            throw .unsupported(device: device.id, reason: "the source was read before it was started")
        }
        defer { self.assembler = assembler }
        let before = batch.count
        var waited = false
        while true {
            switch try handle.next(syncing: syncing) {
            case .event(let event):
                if let sample = assembler.feed(event) { batch.append(sample) }
            case .dropped:
                // The kernel dropped events: let libevdev replay the device's state.
                syncing = true
                _ = assembler.feed(InputEvent(time: 0, type: InputEvent.eventSync, code: InputEvent.syncDropped, value: 0))
            case .syncEvent:
                continue
            case .drained:
                syncing = false
                if let x = handle.axis(ABS_X), let y = handle.axis(ABS_Y), let z = handle.axis(ABS_Z) {
                    assembler.restore(x: x.value, y: y.value, z: z.value)
                }
            case .wouldBlock:
                if batch.count > before { return .samples }
                if waited { return .timedOut }
                waited = true
                if try !handle.waitReadable(timeout: timeout) { return .timedOut }
            }
        }
    }

    public func stop() {
        handle = nil
        assembler = nil
    }

    /// The description of an open evdev accelerometer: name, resolution, mount matrix.
    static func describe(_ handle: EvdevHandle, configuration: InputConfiguration) throws(SensorError) -> SensorDevice {
        var units: [Double] = []
        for code in [ABS_X, ABS_Y, ABS_Z] {
            let resolution = Double(handle.axis(code)?.resolution ?? 0)
            if let override = configuration.unitsPerG {
                units.append(override)
            } else if resolution > 0 {
                units.append(resolution)
            } else {
                throw .unsupported(device: handle.path,
                                   reason: "its driver reports no resolution (units per g) for its axes; set 'units_per_g' in the configuration")
            }
        }
        let udev = UdevProperties.deviceNumbers(ofNode: handle.path).flatMap {
            UdevProperties.properties(major: $0.major, minor: $0.minor, database: configuration.udevDatabase)["ACCEL_MOUNT_MATRIX"]
        }
        let (matrix, provenance) = try MountMatrix.resolve(configured: configuration.mountMatrix, udev: udev, driver: nil)
        return SensorDevice(backend: .evdev, id: handle.path, name: handle.name, path: handle.path,
                            unitsPerG: units, mountMatrix: matrix, mountMatrixSource: provenance)
    }
}
#endif
