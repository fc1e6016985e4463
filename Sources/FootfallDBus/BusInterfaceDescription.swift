/// The shape of one exported D-Bus interface: its properties, methods and signals with their
/// signatures and argument names, which sd-bus turns into the object's introspection data.
public struct BusInterfaceDescription: Sendable {
    /// A named, typed argument of a method or signal.
    public struct Argument: Sendable {
        public var name: String
        public var signature: String
        public init(_ name: String, _ signature: String) {
            self.name = name
            self.signature = signature
        }
    }

    /// A read-only property.
    public struct Property: Sendable {
        public var name: String
        public var signature: String
        /// Whether it never changes while the object exists (otherwise changes are announced
        /// with PropertiesChanged, values included).
        public var constant: Bool
        public init(_ name: String, _ signature: String, constant: Bool = false) {
            self.name = name
            self.signature = signature
            self.constant = constant
        }
    }

    /// A method.
    public struct Method: Sendable {
        public var name: String
        public var inputs: [Argument]
        public var outputs: [Argument]
        public init(_ name: String, inputs: [Argument] = [], outputs: [Argument] = []) {
            self.name = name
            self.inputs = inputs
            self.outputs = outputs
        }
    }

    /// A signal.
    public struct Signal: Sendable {
        public var name: String
        public var arguments: [Argument]
        public init(_ name: String, arguments: [Argument]) {
            self.name = name
            self.arguments = arguments
        }
    }

    /// The interface's name, e.g. `org.footfall.Footfall1`.
    public var name: String
    public var properties: [Property]
    public var methods: [Method]
    public var signals: [Signal]

    /// Describes an interface.
    public init(name: String, properties: [Property], methods: [Method], signals: [Signal]) {
        self.name = name
        self.properties = properties
        self.methods = methods
        self.signals = signals
    }
}
