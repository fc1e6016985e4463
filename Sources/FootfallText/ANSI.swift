/// The few terminal escape sequences Footfall writes (ECMA-48 SGR and EL): 24-bit colours, a
/// reset, and clearing the line a live display redraws.
public enum ANSI {
    /// Back to the terminal's default colours.
    public static let reset = "\u{1B}[0m"

    /// A carriage return, then erase to the end of the line: for a line redrawn in place.
    public static let clearLine = "\r\u{1B}[K"

    /// Text in a 24-bit colour.
    public static func foreground(red: UInt8, green: UInt8, blue: UInt8) -> String {
        "\u{1B}[38;2;\(red);\(green);\(blue)m"
    }

    /// A background in a 24-bit colour.
    public static func background(red: UInt8, green: UInt8, blue: UInt8) -> String {
        "\u{1B}[48;2;\(red);\(green);\(blue)m"
    }
}
