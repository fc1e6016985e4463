import ServiceLifecycle

extension Task where Success == Never, Failure == Never {
    /// Sleeps; returns false when the task was cancelled, so a service's loop ends instead of
    /// spinning (a cancelled `Task.sleep` throws at once, every time).
    static func pause(for duration: Duration) async -> Bool {
        do {
            try await Task.sleep(for: duration)
            return true
        } catch {
            return false
        }
    }

    /// Whether a service's loop should go on: neither shutting down nor cancelled.
    static var shouldContinue: Bool { !Task.isShuttingDownGracefully && !Task.isCancelled }
}
