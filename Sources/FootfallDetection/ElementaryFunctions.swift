// The detector imports nothing, not even the C library, so that it builds and behaves the
// same everywhere. Filter design needs a few transcendental functions, once, at set-up:
// these series are accurate to a few ulps over the ranges filter design uses and are never
// called per sample. Each series stops at the first term too small to change its sum: the
// same bits as the whole series, for less work (the walking gate calls them per judgement).

/// sin(x) and cos(x) by Taylor series after reducing x to [-pi/4, pi/4] (plus quadrant).
func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
    let halfPi = Double.pi / 2
    var quadrant = (x / halfPi).rounded()
    let r = x - quadrant * halfPi
    let r2 = r * r
    var s = r, c = 1.0, termS = r, termC = 1.0
    for k in 1...12 {
        let n = Double(2 * k)
        termS *= -r2 / (n * (n + 1))
        termC *= -r2 / ((n - 1) * n)
        s += termS
        c += termC
    }
    quadrant = quadrant.truncatingRemainder(dividingBy: 4)
    if quadrant < 0 { quadrant += 4 }
    switch Int(quadrant) {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
}

/// tan(x) for |x| < pi/2.
func tangent(_ x: Double) -> Double {
    let (s, c) = sinCos(x)
    return s / c
}

/// e^x, by halving x until it is small, a Taylor series, then squaring back.
func exponential(_ x: Double) -> Double {
    if x < -700 { return 0 }
    var halvings = 0
    var r = x
    while abs(r) > 0.125 {
        r /= 2
        halvings += 1
    }
    var sum = 1.0, term = 1.0
    for k in 1...16 {
        term *= r / Double(k)
        // The partial sums stay above 0.875 (|r| <= 0.125), where half the spacing of doubles
        // is at least 2^-54: a term smaller leaves the sum as it is, and so does every term
        // after it (they shrink), so stopping there gives the same bits as the full series.
        if abs(term) < 0x1p-54 { break }
        sum += term
    }
    for _ in 0..<halvings { sum *= sum }
    return sum
}

/// The logistic function, 1 / (1 + e^-x): a log-odds as a probability.
@inline(__always)
func logistic(_ x: Double) -> Double { 1 / (1 + exponential(-x)) }

/// ln(x) for x > 0 (-infinity at 0, nan below): the binary exponent times ln 2, plus the
/// significand's logarithm as 2 atanh((m - 1) / (m + 1)), whose series converges quickly for
/// m in [1, 2). Used per judgement of the walking gate, never per sample.
func naturalLogarithm(_ x: Double) -> Double {
    guard x > 0 else { return x == 0 ? -.infinity : .nan }
    guard x.isFinite else { return x }
    // A normal number's exponent and significand from its bits (what `exponent` and
    // `significand` give, without a call to the standard library); a subnormal's from them.
    let (exponent, m) = x.isNormal ? normalExponentAndSignificand(x) : (Double(x.exponent), x.significand)
    let z = (m - 1) / (m + 1)
    let z2 = z * z
    // The sum starts at z and grows: a term under half of z's ulp leaves it as it is, and so
    // does every term after it (they shrink), so stopping there gives the full series' bits.
    let negligible = z.ulp / 2
    var term = z, sum = z
    for k in 1...20 {
        term *= z2
        let next = term / Double(2 * k + 1)
        if next < negligible { break }
        sum += next
    }
    return exponent * 0.693_147_180_559_945_3 + 2 * sum
}

/// `naturalLogarithm` of both lanes, each to the bit: the same operations lane by lane, two
/// logarithms for the work of one.
func naturalLogarithm(_ x: SIMD2<Double>) -> SIMD2<Double> {
    guard x[0].isNormal && x[0] > 0 && x[1].isNormal && x[1] > 0 else {
        return SIMD2(naturalLogarithm(x[0]), naturalLogarithm(x[1]))
    }
    let (e0, m0) = normalExponentAndSignificand(x[0])
    let (e1, m1) = normalExponentAndSignificand(x[1])
    let m = SIMD2(m0, m1), exponent = SIMD2(e0, e1)
    let z = (m - 1) / (m + 1)
    let z2 = z * z
    let negligible = SIMD2(z[0].ulp / 2, z[1].ulp / 2)
    var term = z, sum = z
    for k in 1...20 {
        term *= z2
        let next = term / SIMD2(repeating: Double(2 * k + 1))
        // Once both lanes' terms are negligible (as in the scalar function), no later term
        // changes either lane; until then a lane's negligible term leaves it as it is.
        if all(next .< negligible) { break }
        sum += next
    }
    return exponent * 0.693_147_180_559_945_3 + 2 * sum
}

/// A positive normal number's binary exponent and significand (in [1, 2)): `x.exponent` and
/// `x.significand`, from its bits.
@inline(__always)
func normalExponentAndSignificand(_ x: Double) -> (exponent: Double, significand: Double) {
    let bits = x.bitPattern
    let exponent = Int(truncatingIfNeeded: bits >> 52) & 0x7FF
    let significand = Double(bitPattern: bits & 0x000F_FFFF_FFFF_FFFF | 0x3FF0_0000_0000_0000)
    return (Double(exponent &- 1023), significand)
}

/// `Int(x.rounded())`, to the same value (halves away from zero) and trapping where it traps,
/// without a call to the C library's `round`: the truncation, then the remainder (exact: a
/// number less its truncation loses no bits) decides the step away from zero.
@inline(__always)
func roundedToInt(_ x: Double) -> Int {
    let truncated = Int(x)
    let remainder = x - Double(truncated)
    return remainder >= 0.5 ? truncated + 1 : (remainder <= -0.5 ? truncated - 1 : truncated)
}
