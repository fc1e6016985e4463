#if canImport(Glibc)
import Glibc
#endif

/// One wait of the thread that serves a `BusConnection`: until the bus's descriptor is ready
/// for what sd-bus asked, the wakeup is signalled, or the time is up. Made by
/// `BusConnection.prepareWait(timeout:)` while holding the connection, and waited on without
/// it.
public struct BusWait: Sendable {
    let descriptor: Int32
    let events: Int16
    let milliseconds: Int32

    /// Waits. A signal (EINTR) just ends the wait early.
    public func wait(wakeup: BusWakeup) {
        var descriptors = [pollfd(fd: descriptor, events: events, revents: 0),
                           pollfd(fd: wakeup.descriptor, events: Int16(POLLIN), revents: 0)]
        _ = poll(&descriptors, 2, milliseconds)
        if descriptors[1].revents != 0 { wakeup.drain() }
    }
}
