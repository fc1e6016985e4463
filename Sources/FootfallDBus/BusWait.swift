import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// One wait of the thread that serves a `BusConnection`: until the bus's descriptor is ready
/// for what sd-bus asked, the wakeup is signalled, or the time is up. Made by
/// `BusConnection.prepareWait(timeout:)` while holding the connection, and waited on without
/// it.
public struct BusWait: Sendable {
    /// sd-bus's descriptor for the connection (sd-bus owns it).
    let descriptor: FileDescriptor
    let events: Int16
    let milliseconds: Int32

    /// Waits. A signal (EINTR) just ends the wait early.
    /// - Throws: `BusError.failed` when the wait itself fails.
    public func wait(wakeup: BusWakeup) throws(BusError) {
        var descriptors = [pollfd(fd: descriptor.rawValue, events: events, revents: 0),
                           pollfd(fd: wakeup.descriptor.rawValue, events: Int16(POLLIN), revents: 0)]
        if poll(&descriptors, 2, milliseconds) < 0 {
            let error = Errno(rawValue: errno)
            if error == .interrupted { return }
            throw .failed(operation: "wait for the bus", error)
        }
        if descriptors[1].revents != 0 { wakeup.drain() }
    }
}
