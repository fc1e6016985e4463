import CFootfallSystemd
import FootfallVocabulary
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// A connection to a message bus through sd-bus (`sd_bus_open_user`/`sd_bus_open_system`).
///
/// sd-bus objects are not thread-safe: use the connection, and everything it hands out, from
/// one thread at a time (the caller serialises, with a lock when several threads send). The
/// thread that serves it waits on `prepareWait(timeout:)` without holding it; other threads
/// wake it through a `BusWakeup`. `deinit` flushes what is queued and closes the connection.
public final class BusConnection {
    /// The bus it is connected to.
    public let kind: BusKind
    let bus: OpaquePointer
    private var exports: [BusExport] = []

    /// Connects to the session or system bus.
    /// - Parameter description: how the connection names itself in sd-bus's logs.
    /// - Throws: `BusError.unavailable` when there is no such bus to connect to.
    public init(_ kind: BusKind, description: String) throws(BusError) {
        var opened: OpaquePointer?
        let status = switch kind {
        case .session: sd_bus_open_user_with_description(&opened, description)
        case .system: sd_bus_open_system_with_description(&opened, description)
        }
        guard status >= 0, let opened else { throw .unavailable(kind, BusError.code(status)) }
        self.kind = kind
        bus = opened
    }

    /// Connects to the bus at a D-Bus address (`unix:path=/run/user/1000/bus`), as a client of
    /// a message bus: for a private bus in tests and tools.
    /// - Parameter kind: what to call it in errors.
    /// - Throws: `BusError.unavailable` when nothing answers there.
    public init(address: String, kind: BusKind = .session, description: String) throws(BusError) {
        var created: OpaquePointer?
        var status = sd_bus_new(&created)
        guard status >= 0, let created else { throw .failed(operation: "create a connection", BusError.code(status)) }
        status = sd_bus_set_address(created, address)
        if status >= 0 { status = sd_bus_set_bus_client(created, 1) }
        if status >= 0 { status = sd_bus_set_description(created, description) }
        if status >= 0 { status = sd_bus_start(created) }
        guard status >= 0 else {
            sd_bus_unref(created)
            throw .unavailable(kind, BusError.code(status))
        }
        self.kind = kind
        bus = created
    }

    deinit {
        exports.removeAll()
        sd_bus_flush_close_unref(bus)
    }

    /// This connection's unique name on the bus (":1.42"), once connected.
    public var uniqueName: String? {
        var name: UnsafePointer<CChar>?
        guard sd_bus_get_unique_name(bus, &name) >= 0, let name else { return nil }
        return String(cString: name)
    }

    /// Takes a well-known name, or fails when another connection has it (no queueing, no
    /// replacing). Waits for the bus's answer.
    /// - Throws: `BusError.nameTaken`, `.nameNotPermitted`, `.unavailable` (the bus did not
    ///   accept the connection) or `.failed`.
    public func requestName(_ name: String) throws(BusError) {
        let status = sd_bus_request_name(bus, name, 0)
        guard status < 0 else { return }
        let code = BusError.code(status)
        switch code {
        case .alreadyInProcess: return  // this connection owns it already
        case .fileExists: throw .nameTaken(name, kind)
        case .permissionDenied, .notPermitted: throw .nameNotPermitted(name, kind)
        case .noSuchFileOrDirectory, .connectionRefused, .connectionReset, .socketNotConnected, .brokenPipe:
            throw .unavailable(kind, code)
        default: throw .failed(operation: "request the name \(name)", code)
        }
    }

    /// Exports an object: `handler` answers for `interface` at `path` until the connection
    /// closes. sd-bus adds the standard Properties, Introspectable and Peer interfaces.
    /// - Throws: `BusError.failed` when sd-bus rejects the description.
    public func export(_ handler: BusObjectHandler, at path: String, interface: BusInterfaceDescription) throws(BusError) {
        let export = BusExport(handler: handler, interface: interface)
        var slot: OpaquePointer?
        let status = sd_bus_add_object_vtable(bus, &slot, path, interface.name, export.vtable,
                                              Unmanaged.passUnretained(export).toOpaque())
        guard status >= 0, let slot else {
            throw .failed(operation: "export \(interface.name) at \(path)", BusError.code(status))
        }
        export.slot = slot
        exports.append(export)
    }

    /// Announces new values of `properties` with `org.freedesktop.DBus.Properties.PropertiesChanged`;
    /// sd-bus reads the values from the handler.
    /// - Throws: `BusError.failed`.
    public func emitPropertiesChanged(path: String, interface: String, properties: [String]) throws(BusError) {
        guard !properties.isEmpty else { return }
        var names: [UnsafeMutablePointer<CChar>?] = properties.map { strdup($0) } + [nil]
        defer { names.forEach { free($0) } }
        let status = names.withUnsafeMutableBufferPointer {
            sd_bus_emit_properties_changed_strv(bus, path, interface, $0.baseAddress)
        }
        if status < 0 { throw .failed(operation: "emit PropertiesChanged on \(path)", BusError.code(status)) }
    }

    /// Emits a signal with `values` as its arguments.
    /// - Throws: `BusError.failed`.
    public func emitSignal(path: String, interface: String, member: String, _ values: [BusValue]) throws(BusError) {
        var message: OpaquePointer?
        var status = sd_bus_message_new_signal(bus, &message, path, interface, member)
        guard status >= 0, let message else { throw .failed(operation: "create the signal \(member)", BusError.code(status)) }
        defer { sd_bus_message_unref(message) }
        status = BusMessageWriter(message: message).append(values)
        if status >= 0 { status = sd_bus_send(bus, message, nil) }
        if status < 0 { throw .failed(operation: "emit the signal \(member)", BusError.code(status)) }
    }

    /// Handles everything that has arrived (method calls, property reads) and writes what is
    /// queued, without waiting.
    /// - Throws: `BusError.disconnected` when the bus has gone away.
    public func process() throws(BusError) {
        while true {
            let status = sd_bus_process(bus, nil)
            if status < 0 { throw .disconnected(kind, BusError.code(status)) }
            if status == 0 { return }
        }
    }

    /// Waits until the bus has something for `process()`, `wakeup` is signalled, or `timeout`
    /// passes, whichever comes first.
    /// - Throws: `BusError.disconnected` when the bus has gone away.
    public func wait(timeout: Duration, wakeup: BusWakeup) throws(BusError) {
        try prepareWait(timeout: timeout).wait(wakeup: wakeup)
    }

    /// What to wait for before the next `process()`: the connection's descriptor, the events
    /// sd-bus wants on it, and for how long at most (`timeout`, or sooner when sd-bus has a
    /// deadline of its own). Taken while holding the connection; waited on without it, so
    /// other threads may send meanwhile (they signal the wakeup when `hasUnsentMessages`).
    /// - Throws: `BusError.disconnected` when the bus has gone away.
    public func prepareWait(timeout: Duration) throws(BusError) -> BusWait {
        let descriptor = sd_bus_get_fd(bus)
        let events = sd_bus_get_events(bus)
        guard descriptor >= 0, events >= 0 else {
            throw .disconnected(kind, BusError.code(descriptor < 0 ? descriptor : events))
        }
        var milliseconds = Int32(clamping: timeout.wholeMilliseconds)
        var deadline: UInt64 = 0
        if sd_bus_get_timeout(bus, &deadline) >= 0 && deadline != UInt64.max {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
            let untilDeadline = deadline > nowMicroseconds ? (deadline - nowMicroseconds + 999) / 1000 : 0
            milliseconds = min(milliseconds, Int32(clamping: untilDeadline))
        }
        return BusWait(descriptor: FileDescriptor(rawValue: descriptor), events: Int16(truncatingIfNeeded: events),
                       milliseconds: milliseconds)
    }

    /// Whether messages wait in sd-bus's queue for the socket to take them (it was full):
    /// only `process()` after a wait for the descriptor to be writable sends them.
    public var hasUnsentMessages: Bool {
        let events = sd_bus_get_events(bus)
        return events >= 0 && Int16(truncatingIfNeeded: events) & Int16(POLLOUT) != 0
    }
}

/// One exported object: its vtable and the C strings it points to, kept alive for as long as
/// sd-bus may read them, and the handler sd-bus's callbacks reach through `userdata`.
final class BusExport {
    let handler: BusObjectHandler
    let vtable: UnsafeMutablePointer<sd_bus_vtable>
    private let entryCount: Int
    private var strings: [UnsafeMutablePointer<CChar>] = []
    var slot: OpaquePointer?

    init(handler: BusObjectHandler, interface: BusInterfaceDescription) {
        self.handler = handler
        entryCount = 2 + interface.properties.count + interface.methods.count + interface.signals.count
        vtable = .allocate(capacity: entryCount)
        var index = 0
        func add(_ entry: sd_bus_vtable) {
            (vtable + index).initialize(to: entry)
            index += 1
        }
        add(footfall_bus_vtable_start())
        for property in interface.properties {
            add(footfall_bus_vtable_property(keep(property.name), keep(property.signature), Self.propertyGetter,
                                             property.constant ? 1 : 0))
        }
        for method in interface.methods {
            add(footfall_bus_vtable_method(keep(method.name), keep(method.inputs.map(\.signature).joined()),
                                           keep(method.outputs.map(\.signature).joined()),
                                           keepNames(method.inputs + method.outputs), Self.methodHandler))
        }
        for signal in interface.signals {
            add(footfall_bus_vtable_signal(keep(signal.name), keep(signal.arguments.map(\.signature).joined()),
                                           keepNames(signal.arguments)))
        }
        add(footfall_bus_vtable_end())
    }

    deinit {
        // Unregister first: sd-bus must not read the vtable once it is freed.
        if let slot { sd_bus_slot_unref(slot) }
        vtable.deinitialize(count: entryCount)
        vtable.deallocate()
        strings.forEach { free($0) }
    }

    /// A C copy of `text` that lives as long as the export.
    private func keep(_ text: String) -> UnsafePointer<CChar> {
        let copy = strdup(text)!
        strings.append(copy)
        return UnsafePointer(copy)
    }

    /// Argument names as sd-bus wants them: each followed by a NUL, all in one string.
    private func keepNames(_ arguments: [BusInterfaceDescription.Argument]) -> UnsafePointer<CChar> {
        let bytes = arguments.flatMap { Array($0.name.utf8CString) }
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        copy.initialize(from: bytes, count: bytes.count)
        copy[bytes.count] = 0
        strings.append(copy)
        return UnsafePointer(copy)
    }

    static let propertyGetter: sd_bus_property_get_t = { _, _, _, property, reply, userdata, error in
        guard let property, let reply, let userdata else { return -EINVAL }
        let export = Unmanaged<BusExport>.fromOpaque(userdata).takeUnretainedValue()
        let name = String(cString: property)
        guard let value = export.handler.value(of: name) else {
            return sd_bus_error_set(error, "org.freedesktop.DBus.Error.UnknownProperty", "no property \(name)")
        }
        return BusMessageWriter(message: reply).append(value)
    }

    static let methodHandler: sd_bus_message_handler_t = { message, userdata, error in
        guard let message, let userdata else { return -EINVAL }
        let export = Unmanaged<BusExport>.fromOpaque(userdata).takeUnretainedValue()
        let call = BusMethodCall(message: message)
        switch export.handler.handle(call) {
        case .reply(let values):
            let status = call.reply(values)
            return status < 0 ? status : 1
        case .error(let failure):
            return sd_bus_error_set(error, failure.name, failure.message)
        case .deferred:
            return 1
        }
    }
}
