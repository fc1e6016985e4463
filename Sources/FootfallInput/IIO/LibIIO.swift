#if canImport(CFootfallIIO)
import CFootfallIIO
import Glibc
import SystemPackage

/// A libiio context: the local backend (sysfs and /dev/iio:deviceN) or a remote one. Every
/// libiio call the adapter makes is in this file; the adapter above it never calls C.
final class IIOContext {
    let pointer: OpaquePointer
    /// The URI it was made from ("local:" for the local backend).
    let uri: String

    /// Creates a context from a URI, or the local one when `uri` is nil.
    /// - Throws: `SensorError.contextUnavailable`.
    init(uri: String?) throws(SensorError) {
        let created = uri.map { iio_create_context_from_uri($0) } ?? iio_create_local_context()
        guard let created else {
            let code = Errno(rawValue: errno == 0 ? ENODEV : errno)
            throw .contextUnavailable(uri: uri ?? "local:", code)
        }
        pointer = created
        self.uri = uri ?? "local:"
    }

    deinit {
        iio_context_destroy(pointer)
    }

    /// Every device in the context that is not a trigger.
    var devices: [IIODevice] {
        (0..<iio_context_get_devices_count(pointer)).compactMap { index in
            guard let device = iio_context_get_device(pointer, index), !iio_device_is_trigger(device) else { return nil }
            return IIODevice(pointer: device, context: self)
        }
    }

    /// Sets how long remote operations may take.
    func setTimeout(milliseconds: UInt32) {
        _ = iio_context_set_timeout(pointer, milliseconds)
    }
}

/// An IIO device within a context (which it keeps alive).
struct IIODevice {
    let pointer: OpaquePointer
    let context: IIOContext

    /// libiio's id: "iio:device0".
    var id: String { iio_device_get_id(pointer).map { String(cString: $0) } ?? "?" }
    /// The driver's name attribute ("accel_3d").
    var name: String { iio_device_get_name(pointer).map { String(cString: $0) } ?? id }

    /// An input channel by id ("accel_x", "timestamp", "steps").
    func channel(_ id: String) -> IIOChannel? {
        iio_device_find_channel(pointer, id, false).map { IIOChannel(pointer: $0) }
    }

    /// A device attribute's text, or nil.
    func attribute(_ name: String) -> String? {
        guard iio_device_find_attr(pointer, name) != nil else { return nil }
        return readText { iio_device_attr_read(pointer, name, $0, $1) }
    }

    /// Writes a device attribute; returns the errno on failure.
    @discardableResult
    func setAttribute(_ name: String, _ value: String) -> Errno? {
        let written = iio_device_attr_write(pointer, name, value)
        return written < 0 ? Errno(rawValue: Int32(-written)) : nil
    }

    /// A buffer attribute's value ("length", "watermark"), or nil when it cannot be read. (No
    /// setter: libiio writes both when it creates a buffer, over anything written before.)
    func bufferAttribute(_ name: String) -> Int? {
        var value: Int64 = 0
        return iio_device_buffer_attr_read_longlong(pointer, name, &value) < 0 ? nil : Int(value)
    }

    /// Whether the device has a trigger assigned (buffered capture needs one).
    var hasTrigger: Bool {
        var trigger: OpaquePointer?
        return iio_device_get_trigger(pointer, &trigger) == 0 && trigger != nil
    }

    /// Creates a capture buffer of `samples` scans with the enabled channels.
    func makeBuffer(samples: Int) throws(Errno) -> IIOBuffer {
        guard let buffer = iio_device_create_buffer(pointer, samples, false) else { throw Errno(rawValue: errno) }
        return IIOBuffer(pointer: buffer, device: self)
    }
}

/// One channel of an IIO device.
struct IIOChannel {
    let pointer: OpaquePointer

    /// A channel attribute's text ("scale", "offset", "raw", "sampling_frequency_available"), or nil.
    func attribute(_ name: String) -> String? {
        guard iio_channel_find_attr(pointer, name) != nil else { return nil }
        return readText { iio_channel_attr_read(pointer, name, $0, $1) }
    }

    /// Writes a channel attribute; returns the errno on failure.
    @discardableResult
    func setAttribute(_ name: String, _ value: String) -> Errno? {
        let written = iio_channel_attr_write(pointer, name, value)
        return written < 0 ? Errno(rawValue: Int32(-written)) : nil
    }

    /// The channel's scan index.
    var index: Int { Int(iio_channel_get_index(pointer)) }

    /// How the channel's values are stored in a scan.
    var scanType: ScanType {
        let format = iio_channel_get_data_format(pointer)!.pointee
        return ScanType(bigEndian: format.is_be, signed: format.is_signed, bits: Int(format.bits),
                        storageBits: Int(format.length), shift: Int(format.shift), repeats: Int(max(1, format.repeat)))
    }

    /// Includes the channel in buffered capture.
    func enable() { iio_channel_enable(pointer) }
    /// Leaves the channel out of buffered capture.
    func disable() { iio_channel_disable(pointer) }
}

/// A capture buffer (freed in `deinit`).
final class IIOBuffer {
    let pointer: OpaquePointer
    let device: IIODevice

    init(pointer: OpaquePointer, device: IIODevice) {
        self.pointer = pointer
        self.device = device
    }

    deinit {
        iio_buffer_destroy(pointer)
    }

    /// A descriptor that becomes readable when a refill will not block.
    func pollDescriptor() throws(Errno) -> Int32 {
        let fd = iio_buffer_get_poll_fd(pointer)
        if fd < 0 { throw Errno(rawValue: -fd) }
        return fd
    }

    /// Makes refills return EAGAIN instead of waiting.
    func setNonBlocking() throws(Errno) {
        let status = iio_buffer_set_blocking_mode(pointer, false)
        if status < 0 { throw Errno(rawValue: -status) }
    }

    /// Reads the scans the kernel has; returns the bytes read (0 when none were ready).
    func refill() throws(Errno) -> Int {
        let read = iio_buffer_refill(pointer)
        if read == -Int(EAGAIN) { return 0 }
        if read < 0 { throw Errno(rawValue: Int32(-read)) }
        return read
    }

    /// The bytes of the last refill.
    var bytes: UnsafeRawBufferPointer {
        let start = UnsafeRawPointer(iio_buffer_start(pointer)!)
        let end = UnsafeRawPointer(iio_buffer_end(pointer)!)
        return UnsafeRawBufferPointer(start: start, count: end - start)
    }

    /// Bytes per scan, as libiio lays them out.
    var step: Int { iio_buffer_step(pointer) }

    /// Byte offset of a channel within a scan, as libiio lays it out.
    func offset(of channel: IIOChannel) -> Int {
        UnsafeRawPointer(iio_buffer_first(pointer, channel.pointer)!) - UnsafeRawPointer(iio_buffer_start(pointer)!)
    }
}

/// Reads a libiio attribute into text through a read function taking a buffer and its size.
private func readText(_ read: (UnsafeMutablePointer<CChar>, Int) -> Int) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBufferPointer { read($0.baseAddress!, $0.count) }
    guard count >= 0 else { return nil }
    return String(decoding: buffer.prefix(max(0, min(count, buffer.count))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        .trimmingCharacters(in: "\0\n ")
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
}
#endif
