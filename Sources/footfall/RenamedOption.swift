import ArgumentParser

/// An option renamed so that the commands for recorded data spell it one way (`-o/--output`,
/// plot's `--start` and `--end`) still answers to its old name, unlisted in --help, so that
/// scripts written for the old one keep working.
enum RenamedOption {
    /// The value given under the option's name or under its old one.
    /// - Throws: `ValidationError` when both were given.
    static func value<Value>(_ value: Value?, name: String, old: Value?, oldName: String) throws -> Value? {
        if value != nil && old != nil { throw ValidationError("Give \(name) once: \(oldName) is its old spelling.") }
        return value ?? old
    }

    /// The file a command writes, given as `-o/--output` or under its old spelling (`--out`, or
    /// a positional argument).
    /// - Throws: `ValidationError` when neither or both were given.
    static func output(_ output: String?, old: String?, oldName: String, what: String) throws -> String {
        guard let file = try value(output, name: "-o/--output", old: old, oldName: oldName) else {
            throw ValidationError("Give \(what) with -o/--output.")
        }
        return file
    }
}
