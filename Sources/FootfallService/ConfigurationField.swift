import FootfallInput
import FootfallYAML

/// One key's value node, with the helpers that check it.
struct ConfigurationField {
    let key: String
    let node: YAMLNode
    let path: String
    let line: Int?

    func fail(_ expectation: String) -> ConfigurationError {
        let found = node.string.map { "'\($0)'" } ?? "a list or map"
        return ConfigurationError(path: path, line: line, message: "'\(key)' must be \(expectation), not \(found)")
    }

    var isNull: Bool { node.isNull || node.string == "" }

    func integer(in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let text = node.string, let value = Int(text.filter { $0 != "_" }), range.contains(value) else {
            throw fail("a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func optionalInteger(in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
        isNull ? nil : try integer(in: range)
    }

    func number(in range: ClosedRange<Double>) throws(ConfigurationError) -> Double {
        guard let text = node.string, let value = Double(text), value.isFinite, range.contains(value) else {
            throw fail("a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func optionalNumber(in range: ClosedRange<Double>) throws(ConfigurationError) -> Double? {
        isNull ? nil : try number(in: range)
    }

    func optionalText() throws(ConfigurationError) -> String? {
        if isNull { return nil }
        guard let text = node.string else { throw fail("text") }
        return text
    }

    /// One of an enum's names.
    func choice<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type) throws(ConfigurationError) -> Choice
        where Choice.RawValue == String {
        guard let text = node.string, let value = Choice(rawValue: text) else {
            throw fail("one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// A mount matrix in the kernel's text form, checked now, so `--check-config` refuses what
    /// the daemon could not use.
    func optionalMountMatrix() throws(ConfigurationError) -> MountMatrix? {
        guard let text = try optionalText() else { return nil }
        do {
            return try MountMatrix(parsing: text)
        } catch {
            throw fail("three rows of three numbers, rows separated by ';', e.g. \"0, 1, 0; -1, 0, 0; 0, 0, 1\"")
        }
    }

    func boolean() throws(ConfigurationError) -> Bool {
        switch node.string?.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw fail("true or false")
        }
    }

    /// "HH:MM", 00:00 to 23:59, as minutes after midnight.
    func timeOfDay() throws(ConfigurationError) -> Int {
        guard let text = node.string else { throw fail("a time of day as HH:MM, e.g. 04:00") }
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts[1].count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
              (0...23).contains(hours), (0...59).contains(minutes) else {
            throw fail("a time of day as HH:MM, e.g. 04:00")
        }
        return hours * 60 + minutes
    }
}
