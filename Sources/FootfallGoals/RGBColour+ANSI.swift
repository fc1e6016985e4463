import FootfallText

extension RGBColour {
    /// The escape sequence that writes text in this colour.
    public var ansiForeground: String { ANSI.foreground(red: red, green: green, blue: blue) }

    /// The escape sequence that paints the background in this colour.
    public var ansiBackground: String { ANSI.background(red: red, green: green, blue: blue) }
}
