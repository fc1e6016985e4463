import Testing
import FootfallText

/// Numbers as the SVG, the tables and the terminal write them: no locale, no exponent.
struct NumberTextTests {
    @Test func numbersAreWrittenPlainly() {
        #expect(NumberText.trimmed(82) == "82")
        #expect(NumberText.trimmed(12.5) == "12.5")
        #expect(NumberText.trimmed(0.25) == "0.25")
        #expect(NumberText.trimmed(-3.05) == "-3.05")
        #expect(NumberText.trimmed(1e-9) == "0")
        #expect(NumberText.grouped(0) == "0" && NumberText.grouped(999) == "999" && NumberText.grouped(1000) == "1,000")
        #expect(NumberText.grouped(1_234_567) == "1,234,567")
    }

    @Test func negativeCountsAreGroupedAfterTheirSign() {
        #expect(NumberText.grouped(-1_000) == "-1,000")
        #expect(NumberText.grouped(-12) == "-12")
        #expect(NumberText.grouped(Int.min) == "-9,223,372,036,854,775,808")
    }

    @Test(arguments: [(3.14159, 2, "3.14"), (2, 1, "2.0"), (0.05, 1, "0.1"), (-0.04, 1, "0.0"), (-1.25, 1, "-1.3"),
                      (109.96, 0, "110"), (1e15, 0, "1000000000000000"), (0.001, 3, "0.001")])
    func fixedDecimals(value: Double, decimals: Int, expected: String) {
        #expect(formatted(value, decimals: decimals) == expected)
    }

    @Test func nonFiniteValuesAreNamed() {
        #expect(formatted(.nan, decimals: 1) == "nan")
        #expect(formatted(.infinity, decimals: 2) == "inf")
        #expect(formatted(-.infinity, decimals: 0) == "-inf")
    }
}
