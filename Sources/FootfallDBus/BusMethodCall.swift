import CFootfallSystemd
#if canImport(Glibc)
import Glibc
#endif

/// A method call being handled: its member, its arguments and who sent it. Valid only while
/// the handler runs; `deferReply()` keeps the call for a reply later.
public struct BusMethodCall {
    let message: OpaquePointer

    /// The method's name.
    public var member: String { sd_bus_message_get_member(message).map { String(cString: $0) } ?? "" }

    /// The sender's unique bus name (":1.42").
    public var sender: String { sd_bus_message_get_sender(message).map { String(cString: $0) } ?? "" }

    /// Reads the next argument as a string (`s`).
    /// - Throws: `BusMethodError.invalidArgs` when it is not one.
    public func readString() throws(BusMethodError) -> String {
        var value: UnsafePointer<CChar>?
        let status = sd_bus_message_read_basic(message, BusMessageWriter.type("s"), &value)
        guard status > 0, let value else { throw .invalidArgs("expected a string argument") }
        return String(cString: value)
    }

    /// Reads the next argument as an unsigned 32-bit integer (`u`).
    /// - Throws: `BusMethodError.invalidArgs` when it is not one.
    public func readUInt32() throws(BusMethodError) -> UInt32 {
        var value: UInt32 = 0
        let status = sd_bus_message_read_basic(message, BusMessageWriter.type("u"), &value)
        guard status > 0 else { throw .invalidArgs("expected an unsigned 32-bit integer argument") }
        return value
    }

    /// The sender's user id, as the bus reports it (`sd_bus_query_sender_creds`: from the
    /// message when the bus attached it, else asked of the bus, which took it from the kernel
    /// when the sender connected). Nil when the bus would not say.
    public func senderUID() -> UInt32? {
        var credentials: OpaquePointer?
        guard sd_bus_query_sender_creds(message, footfall_bus_creds_uid_mask(), &credentials) >= 0, let credentials else { return nil }
        defer { sd_bus_creds_unref(credentials) }
        var uid: uid_t = 0
        if sd_bus_creds_get_euid(credentials, &uid) >= 0 { return uid }
        if sd_bus_creds_get_uid(credentials, &uid) >= 0 { return uid }
        return nil
    }

    /// Keeps the call so the handler can return `.deferred` and reply later, on the bus thread.
    public func deferReply() -> BusPendingCall { BusPendingCall(message) }

    /// Sends a reply with `values`; returns sd-bus's status.
    func reply(_ values: [BusValue]) -> Int32 { BusPendingCall.reply(to: message, values) }
}

/// A method call whose reply comes later. Use it only on the bus thread (sd-bus objects are
/// not thread-safe); it releases the call when it goes away.
public final class BusPendingCall {
    let message: OpaquePointer

    init(_ message: OpaquePointer) {
        self.message = sd_bus_message_ref(message)
    }

    deinit { sd_bus_message_unref(message) }

    /// Replies with `values`.
    /// - Throws: `BusError.failed` when the reply cannot be sent.
    public func reply(_ values: [BusValue]) throws(BusError) {
        let status = Self.reply(to: message, values)
        if status < 0 { throw .failed(operation: "send a method reply", BusError.code(status)) }
    }

    /// Replies with an error.
    /// - Throws: `BusError.failed` when the reply cannot be sent.
    public func fail(_ error: BusMethodError) throws(BusError) {
        var reply = footfall_bus_error_null()
        defer { sd_bus_error_free(&reply) }
        _ = sd_bus_error_set(&reply, error.name, error.message)
        let status = sd_bus_reply_method_error(message, &reply)
        if status < 0 { throw .failed(operation: "send an error reply", BusError.code(status)) }
    }

    static func reply(to call: OpaquePointer, _ values: [BusValue]) -> Int32 {
        var reply: OpaquePointer?
        var status = sd_bus_message_new_method_return(call, &reply)
        guard status >= 0, let reply else { return status }
        defer { sd_bus_message_unref(reply) }
        status = BusMessageWriter(message: reply).append(values)
        if status < 0 { return status }
        return sd_bus_send(nil, reply, nil)
    }
}
