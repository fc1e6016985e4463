import CFootfallSystemd
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Wakes the bus thread from its wait when another thread has something for it to send: an
/// eventfd the thread polls beside the bus connection. `signal()` never blocks.
public final class BusWakeup: Sendable {
    /// The eventfd (non-blocking, closed on exec).
    let descriptor: FileDescriptor

    /// Creates the eventfd.
    /// - Throws: `BusError.failed` when the kernel refuses one (out of descriptors).
    public init() throws(BusError) {
        let fd = footfall_eventfd()
        guard fd >= 0 else { throw .failed(operation: "create an eventfd to wake the bus thread", Errno(rawValue: errno)) }
        descriptor = FileDescriptor(rawValue: fd)
    }

    deinit { try? descriptor.close() }

    /// Wakes the waiting thread (or the next wait, if none waits now). The eventfd adds one to
    /// its counter; when the counter cannot take more (EAGAIN), a wakeup is pending anyway.
    public func signal() {
        do {
            _ = try withUnsafeBytes(of: UInt64(1)) { try descriptor.write($0) }
        } catch {
            assert(error as? Errno == .resourceTemporarilyUnavailable, "writing the bus thread's eventfd: \(error)")
        }
    }

    /// Clears pending wake-ups: reading the eventfd resets its counter; with none pending the
    /// read finds nothing (EAGAIN).
    func drain() {
        var count: UInt64 = 0
        do {
            _ = try withUnsafeMutableBytes(of: &count) { try descriptor.read(into: $0) }
        } catch {
            assert(error as? Errno == .resourceTemporarilyUnavailable, "reading the bus thread's eventfd: \(error)")
        }
    }
}
