import NIOCore
import NIOPosix
import ServiceLifecycle

extension Task where Success == Never, Failure == Never {
    /// Sleeps on the event loop's timer; returns false when the task was cancelled or the
    /// service group is shutting down, so a service's loop ends at once instead of finishing
    /// its sleep (or spinning: a cancelled sleep returns at once, every time).
    ///
    /// Not `Task.sleep`: on Linux that arms a libdispatch timer, and while one is pending
    /// libdispatch's manager thread wakes about once a second (measured: 1.1 wakeups/s for a
    /// 15 s sleep); NIO's timer wakes its one thread once, when due.
    static func pause(for duration: Duration) async -> Bool {
        if Task.isCancelled || Task.isShuttingDownGracefully { return false }
        let timer = MultiThreadedEventLoopGroup.singleton.next().scheduleTask(in: TimeAmount(duration)) {}
        return await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                (try? await timer.futureResult.get()) != nil
            } onGracefulShutdown: {
                timer.cancel()
            }
        } onCancel: {
            timer.cancel()
        }
    }

    /// Whether a service's loop should go on: neither shutting down nor cancelled.
    static var shouldContinue: Bool { !Task.isShuttingDownGracefully && !Task.isCancelled }
}
