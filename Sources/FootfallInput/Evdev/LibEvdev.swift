#if canImport(CFootfallEvdev)
import CFootfallEvdev
import Glibc
import FootfallVocabulary
import SystemPackage

/// An open evdev device through libevdev. Every libevdev call the adapter makes is in this
/// file; the adapter above it never calls C.
///
/// Wraps `libevdev_new_from_fd` on a non-blocking file descriptor; `deinit` frees the handle
/// and closes the descriptor.
final class EvdevHandle {
    let path: String
    let descriptor: FileDescriptor
    private let handle: OpaquePointer

    /// Opens `path` read-only and non-blocking and attaches libevdev to it.
    /// - Throws: `SensorError.permissionDenied`, `.deviceNotFound` or `.io`.
    init(path: String) throws(SensorError) {
        self.path = path
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.nonBlocking, .closeOnExec], retryOnInterrupt: true)
        } catch {
            let code = (error as? Errno) ?? .ioError
            switch code {
            case .permissionDenied, .notPermitted: throw .permissionDenied(path: path, backend: .evdev)
            case .noSuchFileOrDirectory, .operationNotSupportedByDevice: throw .deviceNotFound(path, known: [])
            default: throw .io(operation: "open", path: path, code)
            }
        }
        var created: OpaquePointer?
        let status = libevdev_new_from_fd(descriptor.rawValue, &created)
        guard status == 0, let created else {
            try? descriptor.close()
            throw .io(operation: "read the input device description of", path: path, Errno(rawValue: -status))
        }
        self.descriptor = descriptor
        handle = created
    }

    deinit {
        libevdev_free(handle)
        try? descriptor.close()
    }

    /// The device's name.
    var name: String { libevdev_get_name(handle).map { String(cString: $0) } ?? "?" }

    /// Whether it declares itself an accelerometer (INPUT_PROP_ACCELEROMETER).
    var isAccelerometer: Bool {
        libevdev_has_property(handle, UInt32(footfall_evdev_property_accelerometer())) == 1
    }

    /// Whether it reports absolute X, Y and Z.
    var hasXYZ: Bool {
        [ABS_X, ABS_Y, ABS_Z].allSatisfy { libevdev_has_event_code(handle, UInt32(EV_ABS), UInt32($0)) == 1 }
    }

    /// An axis's description: current value, range, resolution (units per g for an accelerometer).
    func axis(_ code: Int32) -> (value: Int32, minimum: Int32, maximum: Int32, resolution: Int32)? {
        guard let info = libevdev_get_abs_info(handle, UInt32(code)) else { return nil }
        return (info.pointee.value, info.pointee.minimum, info.pointee.maximum, info.pointee.resolution)
    }

    /// Asks the kernel to timestamp events on the monotonic clock.
    func useMonotonicClock() throws(SensorError) {
        let status = libevdev_set_clock_id(handle, CLOCK_MONOTONIC)
        if status != 0 { throw .io(operation: "select the monotonic clock on", path: path, Errno(rawValue: -status)) }
    }

    /// The result of asking libevdev for the next event.
    enum Next {
        /// An event, in normal mode.
        case event(InputEvent)
        /// SYN_DROPPED was seen: call `nextSync` until `.drained`, then read normally.
        case dropped
        /// A resync event (sync mode).
        case syncEvent(InputEvent)
        /// Nothing to read now.
        case wouldBlock
        /// Sync mode has delivered the whole state.
        case drained
    }

    /// The next event, without blocking.
    /// - Throws: `SensorError.deviceLost` when the device is gone, `.io` otherwise.
    func next(syncing: Bool) throws(SensorError) -> Next {
        var event = input_event()
        let flags = UInt32(syncing ? footfall_evdev_read_flag_sync() : footfall_evdev_read_flag_normal())
        let status = libevdev_next_event(handle, flags, &event)
        let converted = InputEvent(time: Double(event.time.tv_sec) + Double(event.time.tv_usec) * 1e-6,
                                   type: event.type, code: event.code, value: event.value)
        switch status {
        case footfall_evdev_status_success():
            return syncing ? .syncEvent(converted) : .event(converted)
        case footfall_evdev_status_sync():
            return syncing ? .syncEvent(converted) : .dropped
        case -EAGAIN:
            return syncing ? .drained : .wouldBlock
        case -ENODEV:
            throw .deviceLost(path, .operationNotSupportedByDevice)
        default:
            throw .io(operation: "read", path: path, Errno(rawValue: -status))
        }
    }

    /// Waits until the device is readable or `timeout` passes.
    /// - Returns: whether it is readable.
    /// - Throws: `SensorError.deviceLost` when the device is gone.
    func waitReadable(timeout: Duration) throws(SensorError) -> Bool {
        var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: timeout.wholeMilliseconds)
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw .io(operation: "wait for", path: path, Errno(rawValue: errno))
            }
            if entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { throw .deviceLost(path, nil) }
            return ready > 0
        }
    }
}
#endif
