#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses one decimal number from bytes, without building a `String`.
///
/// The common case of a recording's field (up to 19 digits whose value fits in 53 bits, a
/// short exponent) takes Clinger's fast path: the digits become an exact integer, scaled by an
/// exactly representable power of ten, which IEEE arithmetic rounds correctly. Anything else
/// (long mantissas, large exponents) is handed to `strtod`, so the result is always the
/// correctly rounded double.
enum DecimalParser {
    enum Failure: Error { case notANumber, notFinite }

    /// 10^0 through 10^22, every one exact in a `Double` (a literal table: no lazy global).
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Parses `bytes[start..<end]` as a whole decimal number.
    /// - Throws: `.notFinite` for NaN, infinity or a number too large for a `Double`;
    ///   `.notANumber` for anything else that is not a number.
    @inline(__always)
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) throws(Failure) -> Double {
        guard let (value, stop) = scan(bytes, start, end) else { throw classifyWord(bytes, start, end) }
        guard stop == end else { throw .notANumber }
        guard value.isFinite else { throw .notFinite }
        return value
    }

    /// Reads the number that starts at `start`, stopping at the first byte that cannot continue
    /// it (a delimiter, a line's end): `[+-]digits[.digits][(e|E)[+-]digits]`, with at least one
    /// digit before the exponent. A reader of fields uses it to parse and find the field's end
    /// in one pass.
    /// - Parameter point: the decimal point; anything but `.` (a decimal comma) is read here
    ///   only on the fast path, and the rest is left to the caller (nil).
    /// - Returns: the value (infinite when `strtod` makes it so) and the index after the
    ///   number; nil when no number starts at `start`, or the exponent has no digits.
    @inline(__always)
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                     point: UInt8 = UInt8(ascii: ".")) -> (value: Double, end: Int)? {
        var i = start
        guard i < end else { return nil }
        let sign = bytes[i]
        if sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { i += 1 }
        // Every digit goes into the mantissa; with 19 digits or fewer it cannot overflow, and
        // longer ones go to strtod below.
        var mantissa: UInt64 = 0
        let integerStart = i
        while i < end, case let d = bytes[i] &- 48, d < 10 {
            mantissa = mantissa &* 10 &+ UInt64(d)
            i += 1
        }
        var digits = i - integerStart
        var exponent = 0
        if i < end && bytes[i] == point {
            i += 1
            let fractionStart = i
            while i < end, case let d = bytes[i] &- 48, d < 10 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                i += 1
            }
            digits += i - fractionStart
            exponent = fractionStart - i
        }
        guard digits > 0 else { return nil }
        // Set when the written exponent has too many digits to add up exactly; strtod decides then.
        var exponentSaturated = false
        if i < end && (bytes[i] | 0x20) == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < end && (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")) {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            let exponentStart = i
            var written = 0
            while i < end, case let d = bytes[i] &- 48, d < 10 {
                if written < 100_000 { written = written * 10 + Int(d) } else { exponentSaturated = true }
                i += 1
            }
            guard i > exponentStart else { return nil }
            exponent += exponentNegative ? -written : written
        }
        // Exact: the mantissa fits a double's 53 bits and the power of ten is exact.
        if digits <= 19 && mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 && !exponentSaturated {
            var value = Double(mantissa)
            if exponent < 0 { value /= powersOfTen[-exponent] } else if exponent > 0 { value *= powersOfTen[exponent] }
            return (sign == UInt8(ascii: "-") ? -value : value, i)
        }
        guard point == UInt8(ascii: ".") else { return nil }
        return (strtod(bytes, start, i), i)
    }

    /// `scan` for a number that a byte other than a digit or the point follows before `end`,
    /// as on every line of a `StreamWindow` (its newline, or the zeros after the window): no
    /// byte's index is compared to `end`, and the common number, up to 15 digits without an
    /// exponent, is read here; the rest by `scan`. The loop every field of a large CSV takes.
    @inline(__always)
    static func scanInLine(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                           point: UInt8 = UInt8(ascii: ".")) -> (value: Double, end: Int)? {
        var i = start
        let sign = bytes[i]
        if sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { i &+= 1 }
        var mantissa: UInt64 = 0
        let integerStart = i
        while case let d = bytes[i] &- 48, d < 10 {
            mantissa = mantissa &* 10 &+ UInt64(d)
            i &+= 1
        }
        var digits = i &- integerStart
        var fractionDigits = 0
        if bytes[i] == point {
            i &+= 1
            let fractionStart = i
            while case let d = bytes[i] &- 48, d < 10 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                i &+= 1
            }
            fractionDigits = i &- fractionStart
            digits &+= fractionDigits
        }
        guard digits > 0 else { return nil }
        // Up to 15 digits fit 53 bits, and 10^15 is exact: the quotient is correctly rounded.
        // Longer numbers and exponents take `scan`, which rounds them as correctly.
        guard digits <= 15, bytes[i] | 0x20 != UInt8(ascii: "e") else {
            return scanOutOfLine(bytes, start, end, point: point)
        }
        let magnitude = Double(Int64(bitPattern: mantissa)) / powersOfTen[fractionDigits]
        return (sign == UInt8(ascii: "-") ? -magnitude : magnitude, i)
    }

    /// `scan`, out of line: the rare number `scanInLine` leaves, kept out of the loop it is
    /// inlined into.
    @inline(never)
    static func scanOutOfLine(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, point: UInt8) -> (value: Double, end: Int)? {
        scan(bytes, start, end, point: point)
    }

    /// NaN and infinity are numbers to `strtod` but not to a recording.
    static func classifyWord(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Failure {
        var letters: [UInt8] = []
        for i in start..<end where bytes[i] != UInt8(ascii: "-") && bytes[i] != UInt8(ascii: "+") {
            letters.append(bytes[i] | 0x20)
        }
        let word = String(decoding: letters, as: UTF8.self)
        return ["nan", "inf", "infinity"].contains(word) ? .notFinite : .notANumber
    }

    /// The C library's reading of `bytes[start..<end]` (a number `scan` has delimited).
    static func strtod(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double {
        let count = end - start
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer in
            for k in 0..<count { buffer[k] = CChar(bitPattern: bytes[start + k]) }
            buffer[count] = 0
            #if canImport(Glibc)
            return Glibc.strtod(buffer.baseAddress!, nil)
            #elseif canImport(Musl)
            return Musl.strtod(buffer.baseAddress!, nil)
            #else
            return Darwin.strtod(buffer.baseAddress!, nil)
            #endif
        }
    }
}
