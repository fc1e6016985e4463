/// A value to send on the bus, typed by its D-Bus signature.
public indirect enum BusValue: Sendable, Equatable {
    /// `s`
    case string(String)
    /// `b`
    case bool(Bool)
    /// `u`
    case uint32(UInt32)
    /// `x`
    case int64(Int64)
    /// `d`
    case double(Double)
    /// `a…`: the element signature (so an empty array is typed too) and the elements.
    case array(element: String, [BusValue])
    /// `(…)`: the fields in order.
    case structure([BusValue])

    /// The value's D-Bus signature.
    public var signature: String {
        switch self {
        case .string: return "s"
        case .bool: return "b"
        case .uint32: return "u"
        case .int64: return "x"
        case .double: return "d"
        case .array(let element, _): return "a" + element
        case .structure(let fields): return "(" + fields.map(\.signature).joined() + ")"
        }
    }
}
