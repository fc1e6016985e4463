/// Answers for an exported object, on the bus thread: sd-bus calls it while processing
/// incoming messages, and it must return without waiting (work that takes time answers
/// later through `BusMethodCall.deferReply()`).
public protocol BusObjectHandler: AnyObject {
    /// A property's value now, or nil when the interface has no such property.
    func value(of property: String) -> BusValue?
    /// Handles a method call.
    func handle(_ call: BusMethodCall) -> BusMethodOutcome
}

/// How a method call is answered.
public enum BusMethodOutcome {
    /// Reply now with these values (the method's output signature).
    case reply([BusValue])
    /// Reply now with an error.
    case error(BusMethodError)
    /// The reply comes later, through the `BusPendingCall` taken with `deferReply()`.
    case deferred
}
