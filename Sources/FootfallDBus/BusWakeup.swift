import CFootfallSystemd
#if canImport(Glibc)
import Glibc
#endif

/// Wakes the bus thread from its wait when another thread has something for it to send: an
/// eventfd the thread polls beside the bus connection. `signal()` never blocks.
public final class BusWakeup: Sendable {
    let descriptor: Int32

    /// Creates the eventfd.
    /// - Throws: `BusError.failed` when the kernel refuses one.
    public init() throws(BusError) {
        let fd = footfall_eventfd()
        guard fd >= 0 else { throw .failed(operation: "create an eventfd", .init(rawValue: errno)) }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Wakes the waiting thread (or the next wait, if none waits now).
    public func signal() {
        var one: UInt64 = 1
        _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Clears pending wake-ups.
    func drain() {
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
    }
}
