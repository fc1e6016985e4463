import NIOConcurrencyHelpers

/// The runtime settings in force, read by the request handler and the store service and
/// replaced by a reload.
public final class LiveSettings: Sendable {
    private let settings: NIOLockedValueBox<RuntimeSettings>

    /// Starts with `settings`.
    public init(_ settings: RuntimeSettings) {
        self.settings = NIOLockedValueBox(settings)
    }

    /// The settings now.
    public var current: RuntimeSettings { settings.withLockedValue { $0 } }

    /// Puts `new` in force.
    public func update(_ new: RuntimeSettings) { settings.withLockedValue { $0 = new } }
}
