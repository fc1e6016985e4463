/// A D-Bus error reply: a name clients can match on and a sentence for people.
public struct BusMethodError: Error, Sendable, Equatable {
    /// The error's name, e.g. `org.freedesktop.DBus.Error.AccessDenied`.
    public var name: String
    /// What went wrong and what to do, for a person.
    public var message: String

    /// Creates an error reply.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// The caller may not do this.
    public static func accessDenied(_ message: String) -> BusMethodError {
        BusMethodError(name: "org.freedesktop.DBus.Error.AccessDenied", message: message)
    }

    /// An argument is out of range or malformed.
    public static func invalidArgs(_ message: String) -> BusMethodError {
        BusMethodError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }

    /// The call was valid but could not be carried out.
    public static func failed(_ message: String) -> BusMethodError {
        BusMethodError(name: "org.freedesktop.DBus.Error.Failed", message: message)
    }
}
