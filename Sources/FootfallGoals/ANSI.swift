/// The few terminal escape sequences the goal bar uses: 24-bit colours and a reset.
enum ANSI {
    static let reset = "\u{1B}[0m"

    static func foreground(_ colour: RGBColour) -> String {
        "\u{1B}[38;2;\(colour.red);\(colour.green);\(colour.blue)m"
    }

    static func background(_ colour: RGBColour) -> String {
        "\u{1B}[48;2;\(colour.red);\(colour.green);\(colour.blue)m"
    }
}
