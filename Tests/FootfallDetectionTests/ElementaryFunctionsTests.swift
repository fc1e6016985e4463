import Foundation
import Testing
@testable import FootfallDetection

/// The detector carries its own sin, cos, tan and exp so it imports nothing; they must agree
/// with the C library's over the ranges filter design uses.
struct ElementaryFunctionsTests {
    @Test(arguments: Array(stride(from: -10.0, through: 10.0, by: 0.137)))
    func sineAndCosineMatchTheCLibrary(x: Double) {
        let (s, c) = sinCos(x)
        #expect(abs(s - sin(x)) < 1e-14)
        #expect(abs(c - cos(x)) < 1e-14)
    }

    @Test(arguments: Array(stride(from: 0.001, through: 1.55, by: 0.031)))
    func tangentMatchesTheCLibrary(x: Double) {
        #expect(abs(tangent(x) - tan(x)) / tan(x) < 1e-13)
    }

    @Test(arguments: [-700.0, -50, -1, -0.01, 0, 0.01, 0.5, 1, 10, 100])
    func exponentialMatchesTheCLibrary(x: Double) {
        // Filter design calls it with |x| < 1; the squaring loses a little beyond that.
        let tolerance = abs(x) <= 1 ? 4e-15 : 1e-12
        #expect(abs(exponential(x) - exp(x)) <= tolerance * exp(x) + 1e-300)
    }
}

/// The walking model's features are logarithms; the detector's own must agree with the C
/// library's.
struct NaturalLogarithmTests {
    @Test(arguments: [1e-300, 1e-9, 0.001, 0.02, 0.5, 0.999, 1, 1.001, 2, 2.718281828459045, 10, 123.4, 1e9, 1e300])
    func naturalLogarithmMatchesTheCLibrary(x: Double) {
        #expect(abs(naturalLogarithm(x) - log(x)) <= 1e-14 * max(1, abs(log(x))))
    }

    @Test func theEdgesAreTheCLibrarysToo() {
        #expect(naturalLogarithm(0) == -.infinity)
        #expect(naturalLogarithm(-1).isNaN)
        #expect(naturalLogarithm(.infinity) == .infinity)
    }
}
