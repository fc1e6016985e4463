/// An opaque sRGB colour, written as #RRGGBB in SVG and as a 24-bit escape in terminals.
public struct RGBColour: Sendable, Hashable {
    /// Red, 0-255.
    public let red: UInt8
    /// Green, 0-255.
    public let green: UInt8
    /// Blue, 0-255.
    public let blue: UInt8

    /// A colour from its hex value, 0xRRGGBB.
    public init(hex: UInt32) {
        red = UInt8((hex >> 16) & 0xFF)
        green = UInt8((hex >> 8) & 0xFF)
        blue = UInt8(hex & 0xFF)
    }

    /// The colour as "#RRGGBB" (upper case).
    public var hex: String {
        let digits = Array("0123456789ABCDEF")
        var out = "#"
        for component in [red, green, blue] {
            out.append(digits[Int(component >> 4)])
            out.append(digits[Int(component & 0xF)])
        }
        return out
    }
}
