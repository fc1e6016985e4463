import FootfallDetection

/// One `struct input_event`: what an evdev device reports.
public struct InputEvent: Sendable, Equatable {
    /// Event time, seconds (on the clock set for the device; Footfall sets the monotonic one).
    public var time: Double
    /// EV_SYN, EV_ABS, ...
    public var type: UInt16
    /// SYN_REPORT, ABS_X, ...
    public var code: UInt16
    /// The value.
    public var value: Int32

    /// Creates an event.
    public init(time: Double, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// Event types and codes the assembler uses, from linux/input-event-codes.h.
    public static let eventSync: UInt16 = 0x00, eventAbsolute: UInt16 = 0x03
    /// SYN codes.
    public static let syncReport: UInt16 = 0, syncDropped: UInt16 = 3
    /// ABS codes.
    public static let absoluteX: UInt16 = 0, absoluteY: UInt16 = 1, absoluteZ: UInt16 = 2

    /// Size of `struct input_event` on 64-bit Linux: a 16-byte timeval, then type, code, value.
    public static let byteCount = 24

    /// Parses events from raw bytes as read from `/dev/input/eventN` on 64-bit Linux.
    public static func parse(bytes: [UInt8]) -> [InputEvent] {
        var events: [InputEvent] = []
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + byteCount <= raw.count {
                let seconds = raw.loadUnaligned(fromByteOffset: offset, as: Int64.self)
                let microseconds = raw.loadUnaligned(fromByteOffset: offset + 8, as: Int64.self)
                events.append(InputEvent(time: Double(seconds) + Double(microseconds) * 1e-6,
                                         type: raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self),
                                         code: raw.loadUnaligned(fromByteOffset: offset + 18, as: UInt16.self),
                                         value: raw.loadUnaligned(fromByteOffset: offset + 20, as: Int32.self)))
                offset += byteCount
            }
        }
        return events
    }
}

/// Turns an evdev accelerometer's event stream into samples.
///
/// Axis events update the current value of their axis; each `SYN_REPORT` closes a frame and
/// yields one sample at that event's time. An axis that did not change is not repeated by the
/// kernel, so its last value stands. Values become m/s² through each axis's resolution (units
/// per g, from `EVIOCGABS`), never an assumed constant, then the mount matrix is applied.
/// After `SYN_DROPPED` the partial frame is discarded; the caller resynchronises the axis state
/// (libevdev's sync mode) and passes the synced values to `restore`.
public struct EvdevFrameAssembler: Sendable {
    /// m/s² per raw unit for x, y, z.
    let metresPerUnit: (Double, Double, Double)
    let matrix: MountMatrix
    var raw: (Int32, Int32, Int32) = (0, 0, 0)
    var known: (Bool, Bool, Bool) = (false, false, false)
    var discarding = false

    /// Creates an assembler.
    /// - Parameters:
    ///   - unitsPerG: each axis's resolution, raw units per g (must be positive).
    ///   - matrix: the mount matrix to apply.
    public init(unitsPerG: (Double, Double, Double), matrix: MountMatrix = .identity) {
        metresPerUnit = (standardGravity / unitsPerG.0, standardGravity / unitsPerG.1, standardGravity / unitsPerG.2)
        self.matrix = matrix
    }

    /// Sets the axis state from the device (at open and after a resync).
    public mutating func restore(x: Int32, y: Int32, z: Int32) {
        raw = (x, y, z)
        known = (true, true, true)
        discarding = false
    }

    /// Feeds one event; returns the sample it completes, if any.
    public mutating func feed(_ event: InputEvent) -> Sample? {
        switch event.type {
        case InputEvent.eventAbsolute:
            switch event.code {
            case InputEvent.absoluteX: raw.0 = event.value; known.0 = true
            case InputEvent.absoluteY: raw.1 = event.value; known.1 = true
            case InputEvent.absoluteZ: raw.2 = event.value; known.2 = true
            default: break
            }
            return nil
        case InputEvent.eventSync:
            if event.code == InputEvent.syncDropped {
                discarding = true
                return nil
            }
            guard event.code == InputEvent.syncReport else { return nil }
            if discarding {
                // The frame after a drop is incomplete until the state is restored.
                discarding = false
                return nil
            }
            guard known.0 && known.1 && known.2 else { return nil }
            let (x, y, z) = matrix.apply(Double(raw.0) * metresPerUnit.0, Double(raw.1) * metresPerUnit.1,
                                         Double(raw.2) * metresPerUnit.2)
            return Sample(time: event.time, x: x, y: y, z: z)
        default:
            return nil
        }
    }
}
