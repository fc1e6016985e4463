#if canImport(CFootfallIIO)
import SystemPackage

/// A chip's own step counter on IIO: the `steps` channel with `in_steps_input` (steps since
/// the counter was enabled) and `in_steps_en` (1 to count), as bma400 and mma9553 offer it,
/// beside or instead of accelerometer channels.
struct IIOStepCounter {
    let device: IIODevice
    let channel: IIOChannel

    /// The step counter of `device`, or nil when it has no readable `in_steps_input`.
    init?(_ device: IIODevice) {
        guard let channel = device.channel("steps"), channel.attribute("input") != nil else { return nil }
        self.device = device
        self.channel = channel
    }

    /// Whether the chip is counting (`in_steps_en`); a counter without the switch always counts.
    var isEnabled: Bool { channel.attribute("en").map { $0 != "0" } ?? true }

    /// Turns the counter on when it is off; returns the errno when the switch cannot be written.
    func enable() -> Errno? {
        guard channel.attribute("en") == "0" else { return nil }
        return channel.setAttribute("en", "1")
    }

    /// The counter's reading, or nil when it cannot be read (the device went away).
    func read() -> Int? {
        channel.attribute("input").flatMap { Int($0.trimmingWhitespace()) }
    }

    /// The description `footfall devices` shows of a counter without accelerometer channels.
    var description: SensorDevice {
        SensorDevice(backend: .hardwareSteps, id: device.id, name: device.name, path: "/dev/" + device.id,
                     hasHardwareStepCounter: true, hardwareSteps: isEnabled ? read() : nil)
    }
}
#endif
