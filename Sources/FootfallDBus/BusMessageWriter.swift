import CFootfallSystemd

/// Appends typed values to an sd-bus message (`sd_bus_message_append_basic` and containers).
struct BusMessageWriter {
    let message: OpaquePointer

    /// Appends one value; returns sd-bus's status (negative errno on failure).
    func append(_ value: BusValue) -> Int32 {
        switch value {
        case .string(let text):
            return text.withCString { sd_bus_message_append_basic(message, Self.type("s"), $0) }
        case .bool(let flag):
            // D-Bus booleans travel as 32-bit integers.
            var raw: Int32 = flag ? 1 : 0
            return sd_bus_message_append_basic(message, Self.type("b"), &raw)
        case .uint32(var number):
            return sd_bus_message_append_basic(message, Self.type("u"), &number)
        case .int64(var number):
            return sd_bus_message_append_basic(message, Self.type("x"), &number)
        case .double(var number):
            return sd_bus_message_append_basic(message, Self.type("d"), &number)
        case .array(let element, let values):
            return container("a", element, values)
        case .structure(let fields):
            return container("r", String(value.signature.dropFirst().dropLast()), fields)
        }
    }

    /// Appends values in order; stops at the first failure.
    func append(_ values: [BusValue]) -> Int32 {
        for value in values {
            let status = append(value)
            if status < 0 { return status }
        }
        return 0
    }

    private func container(_ kind: Unicode.Scalar, _ contents: String, _ values: [BusValue]) -> Int32 {
        var status = contents.withCString { sd_bus_message_open_container(message, Self.type(kind), $0) }
        if status < 0 { return status }
        status = append(values)
        if status < 0 { return status }
        return sd_bus_message_close_container(message)
    }

    /// A D-Bus type code as sd-bus's `char` argument.
    static func type(_ code: Unicode.Scalar) -> CChar { CChar(truncatingIfNeeded: code.value) }
}
