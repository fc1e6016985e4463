import Testing
import FootfallText

/// The terminal escape sequences, byte for byte (ECMA-48).
struct ANSITests {
    @Test func colourCodesAreTwentyFourBitSGR() {
        #expect(ANSI.foreground(red: 255, green: 69, blue: 58) == "\u{1B}[38;2;255;69;58m")
        #expect(ANSI.background(red: 0, green: 0, blue: 0) == "\u{1B}[48;2;0;0;0m")
        #expect(ANSI.reset == "\u{1B}[0m")
    }

    @Test func clearingALineReturnsToItsStart() {
        #expect(ANSI.clearLine == "\r\u{1B}[K")
    }
}
