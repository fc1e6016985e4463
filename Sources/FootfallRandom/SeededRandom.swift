#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small deterministic random number generator (SplitMix64), so synthetic traces and
/// randomised tests come out the same on every machine and every run.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A normally distributed value (Box-Muller).
    public mutating func gaussian(mean: Double = 0, deviation: Double = 1) -> Double {
        let u1 = max(Double.random(in: 0..<1, using: &self), 1e-300)
        let u2 = Double.random(in: 0..<1, using: &self)
        return mean + deviation * (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
