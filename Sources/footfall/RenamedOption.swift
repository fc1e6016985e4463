import ArgumentParser

/// An option renamed so that the commands for recorded data spell it one way (`-o/--output`,
/// plot's `--start` and `--end`) still answers to its old name, unlisted in --help, so that
/// scripts written for the old one keep working.
enum RenamedOption {
    /// The value given under the option's name or under its old one.
    /// - Throws: `ValidationError` when both were given.
    static func value<Value>(_ value: Value?, name: String, old: Value?, oldName: String) throws -> Value? {
        if value != nil && old != nil { throw ValidationError("\(oldName) is the old name of \(name): give \(name) alone.") }
        return value ?? old
    }
}
