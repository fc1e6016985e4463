/// The rates a device offers, from its `sampling_frequency_available` attribute: either a
/// list (`12.5 25 50 100`) or a range (`[min step max]`).
public struct SamplingFrequencies: Sendable, Equatable {
    /// The listed rates, ascending, or nil for a range.
    public var listed: [Double]?
    /// The range (min, step, max), or nil for a list.
    public var range: (minimum: Double, step: Double, maximum: Double)?

    public static func == (a: SamplingFrequencies, b: SamplingFrequencies) -> Bool {
        a.listed == b.listed && a.range?.minimum == b.range?.minimum && a.range?.step == b.range?.step
            && a.range?.maximum == b.range?.maximum
    }

    /// Parses the attribute's text.
    /// - Returns: nil when it holds no usable rate.
    public init?(parsing text: String) {
        let trimmed = text.trimmingWhitespace()
        if trimmed.hasPrefix("[") && trimmed.hasSuffix("]") {
            let numbers = trimmed.dropFirst().dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
            guard numbers.count == 3, numbers[0] > 0, numbers[2] >= numbers[0] else { return nil }
            range = (numbers[0], numbers[1], numbers[2])
            listed = nil
        } else {
            let numbers = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).compactMap { Double($0) }
                .filter { $0 > 0 }.sorted()
            guard !numbers.isEmpty else { return nil }
            listed = numbers
            range = nil
        }
    }

    /// The lowest rate at or above `target`; the highest available when none reaches it.
    public func choose(atLeast target: Double) -> Double {
        if let listed {
            return listed.first { $0 >= target - 1e-9 } ?? listed.last!
        }
        let (minimum, step, maximum) = range!
        if target <= minimum { return minimum }
        if target >= maximum { return maximum }
        guard step > 0 else { return target }
        let steps = ((target - minimum) / step - 1e-9).rounded(.up)
        return min(maximum, minimum + steps * step)
    }

    /// Every rate, for display (a range prints as "min..max step s").
    public var summary: String {
        if let listed { return listed.map(Self.format).joined(separator: " ") }
        let (minimum, step, maximum) = range!
        return "\(Self.format(minimum))..\(Self.format(maximum)) step \(Self.format(step))"
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
