/// Numbers as text for the SVG and the terminal: no locale, no exponent, no Foundation, the
/// same on every machine. Fixed decimals are `formatted(_:decimals:)`, below.
public enum NumberText {
    /// A coordinate with at most two decimals, trailing zeros dropped: 82, 12.5, 0.25.
    public static func trimmed(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100, fraction = magnitude % 100
        if fraction == 0 { return sign + String(whole) }
        let fractionText = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        return "\(sign)\(whole).\(fractionText)"
    }

    /// A count and its noun, grouped, the noun in the plural unless the count is 1:
    /// "1 recording", "1,000 recordings".
    public static func counting(_ count: Int, _ noun: String) -> String {
        "\(grouped(count)) \(noun)\(count == 1 ? "" : "s")"
    }

    /// A whole number with thousands separated by commas: 10,000.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }
}

/// `value` with exactly `decimals` digits after the point, in no locale and without an
/// exponent: `formatted(3.14159, decimals: 2)` is "3.14", `formatted(2, decimals: 1)` is "2.0";
/// "nan", "inf" and "-inf" for the rest. The CLI's tables and the analysis reports use it.
public func formatted(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let integer = (scaled / scale).rounded(.towardZero)
    let sign = value < 0 && scaled > 0 ? "-" : ""
    guard decimals > 0 else { return sign + String(Int64(integer)) }
    var fraction = String(Int64(scaled - integer * scale))
    while fraction.count < decimals { fraction = "0" + fraction }
    return "\(sign)\(Int64(integer)).\(fraction)"
}
