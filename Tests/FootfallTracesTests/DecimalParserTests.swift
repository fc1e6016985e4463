import Foundation
import Testing
@testable import FootfallTraces

/// The fast decimal parser must give the correctly rounded double, as the standard library's
/// parser does, for every form a trace writer produces.
struct DecimalParserTests {
    func parse(_ text: String) throws -> Double {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { try DecimalParser.parse($0, 0, $0.count) }
    }

    @Test func agreesWithTheStandardLibraryOnRandomValues() throws {
        var state: UInt64 = 12345
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let bits = state >> 11
            let value = (Double(bits) / Double(1 << 53) - 0.5) * pow(10, Double(Int(state % 13) - 6))
            for text in [String(value), String(format: "%.4f", value), String(format: "%.6f", value), String(format: "%.17g", value), String(format: "%e", value)] {
                #expect(try parse(text) == Double(text)!, "\(text)")
            }
        }
    }

    @Test(arguments: ["0", "-0", "+1", "1.", ".5", "-.5", "0.1", "123456789012345678901234567890", "1e-320", "4.9e-324", "1.7976931348623157e308", "2.2250738585072014E-308", "0.0000000000000000000000001"])
    func edgeCases(text: String) throws {
        #expect(try parse(text) == Double(text)!)
    }

    @Test(arguments: ["", "-", ".", "e5", "1e", "1e+", "1.2.3", "0x10", "1,5", "--1", "1 2"])
    func rejectsNonNumbers(text: String) {
        #expect(throws: DecimalParser.Failure.notANumber) { try parse(text) }
    }

    /// An exponent with more digits than the parser adds up must not be cut short: here 99,999
    /// zeros after the point and an exponent of 1,000,000 make 10^900000, which is not finite,
    /// but the parser read it as 1.0 (the exponent stopped counting at 100,000, which made the
    /// sum 0 and sent the number down the fast path).
    @Test func longExponentsAgainstLongFractions() throws {
        let text = "0." + String(repeating: "0", count: 99_999) + "1e1000000"
        #expect(throws: DecimalParser.Failure.notFinite) { try parse(text) }
        #expect(throws: DecimalParser.Failure.notFinite) { try parse("-" + text) }
        #expect(try parse("0." + String(repeating: "0", count: 99_999) + "1e100005") == 1e5)
        #expect(try parse("1e-1000000000000") == 0)
        #expect(throws: DecimalParser.Failure.notFinite) { try parse("1e1000000000000") }
    }

    /// The reading every field of a plain CSV line takes must give what `scan` gives, for
    /// every form and whatever ends the number; the bytes after it are a window's zeros.
    @Test func scanInLineAgreesWithScan() throws {
        var forms = ["0", "-0", "+1", "1.", ".5", "-.5", "0.1", "9.80665", "-12.3456", "4.9e-324", "1e22", "1E+05",
                     "2.5e-3", "123456789012345", "1234567890123456", "9007199254740993", "123456789012345678901234567890",
                     "0.0000000000000000000000001", "00000000000000000000000012.5", "-", ".", "", "e5", "1e", "1e+", "1.5e"]
        var state: UInt64 = 99
        for _ in 0..<5_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let value = (Double(state >> 11) / Double(1 << 53) - 0.5) * pow(10, Double(Int(state % 15) - 6))
            forms += [String(value), String(format: "%.4f", value), String(format: "%.6f", value), String(format: "%.17g", value)]
        }
        for form in forms {
            for terminator in [",", "\n", ";", " ", "\"", "x", "\r\n"] {
                let bytes = Array((form + terminator).utf8) + Array(repeating: 0, count: 16)
                let end = form.utf8.count + terminator.utf8.count
                bytes.withUnsafeBufferPointer { buffer in
                    let fast = DecimalParser.scanInLine(buffer, 0, end)
                    let reference = DecimalParser.scan(buffer, 0, end)
                    #expect(fast?.end == reference?.end, "\(form.debugDescription) then \(terminator.debugDescription)")
                    #expect(fast?.value.bitPattern == reference?.value.bitPattern, "\(form.debugDescription) then \(terminator.debugDescription)")
                }
            }
        }
    }
}
