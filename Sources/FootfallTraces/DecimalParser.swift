#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses one decimal number from bytes, without building a `String`.
///
/// The common case of a trace field (up to 19 significant digits, a short exponent) takes
/// Clinger's fast path: the digits become an exact integer, scaled by an exactly
/// representable power of ten, which IEEE arithmetic rounds correctly. Anything else (very
/// long mantissas, large exponents) is handed to `strtod` so the result is always the
/// correctly rounded double.
enum DecimalParser {
    enum Failure: Error { case notANumber, notFinite }

    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Parses `bytes[start..<end]` as a whole decimal number.
    @inline(__always)
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) throws(Failure) -> Double {
        var i = start
        guard i < end else { throw .notANumber }
        var negative = false
        if bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 } else if bytes[i] == UInt8(ascii: "+") { i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var significant = 0
        var exponent = 0
        // Set when the written exponent has too many digits to add up exactly; strtod decides then.
        var exponentSaturated = false
        var sawDigit = false
        while i < end, case let d = bytes[i] &- 48, d < 10 {
            sawDigit = true
            if mantissa != 0 || d != 0 {
                if significant < 19 { mantissa = mantissa &* 10 &+ UInt64(d); significant += 1 } else { exponent += 1 }
            }
            digits += 1
            i += 1
        }
        if i < end && bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, case let d = bytes[i] &- 48, d < 10 {
                sawDigit = true
                if mantissa != 0 || d != 0 {
                    if significant < 19 { mantissa = mantissa &* 10 &+ UInt64(d); significant += 1; exponent -= 1 }
                } else {
                    exponent -= 1
                }
                i += 1
            }
        }
        guard sawDigit else { throw classifyWord(bytes, start, end) }
        if i < end && (bytes[i] | 0x20) == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < end && bytes[i] == UInt8(ascii: "-") { exponentNegative = true; i += 1 } else if i < end && bytes[i] == UInt8(ascii: "+") { i += 1 }
            var written = 0
            var sawExponentDigit = false
            while i < end, case let d = bytes[i] &- 48, d < 10 {
                sawExponentDigit = true
                if written < 100_000 { written = written * 10 + Int(d) } else { exponentSaturated = true }
                i += 1
            }
            guard sawExponentDigit else { throw .notANumber }
            exponent += exponentNegative ? -written : written
        }
        guard i == end else { throw .notANumber }
        if exponentSaturated || significant > 15 || exponent < -22 || exponent > 22 {
            return try slowPath(bytes, start, end)
        }
        var value = Double(mantissa)
        if exponent < 0 { value /= powersOfTen[-exponent] } else if exponent > 0 { value *= powersOfTen[exponent] }
        return negative ? -value : value
    }

    /// NaN and infinity are numbers to `strtod` but not to a trace.
    static func classifyWord(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Failure {
        var letters: [UInt8] = []
        for i in start..<end where bytes[i] != UInt8(ascii: "-") && bytes[i] != UInt8(ascii: "+") {
            letters.append(bytes[i] | 0x20)
        }
        let word = String(decoding: letters, as: UTF8.self)
        return ["nan", "inf", "infinity"].contains(word) ? .notFinite : .notANumber
    }

    static func slowPath(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) throws(Failure) -> Double {
        let count = end - start
        let value: Double = withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer in
            for k in 0..<count { buffer[k] = CChar(bitPattern: bytes[start + k]) }
            buffer[count] = 0
            return strtod(buffer.baseAddress!, nil)
        }
        guard value.isFinite else { throw .notFinite }
        return value
    }
}
