#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallInput

/// The daemon's two clocks: the monotonic one, for detection and intervals, and the wall
/// clock, for deciding which minute and which day a step belongs to.
///
/// Tests inject a wall clock that starts at a chosen instant and runs at a chosen rate (to
/// cross midnight or a DST change in seconds); the monotonic clock is always the real one.
public struct DaemonClock: Sendable {
    let start: Date?
    let rate: Double
    let monotonicAtStart: Double

    /// The system's clocks.
    public static let system = DaemonClock(start: nil, rate: 1)

    /// A wall clock that reads `start` now and advances `rate` times as fast as real time.
    public init(start: Date?, rate: Double) {
        self.start = start
        self.rate = rate
        monotonicAtStart = MonotonicClock.now()
    }

    /// Now on the monotonic clock, seconds.
    public func monotonicNow() -> Double { MonotonicClock.now() }

    /// The wall-clock instant of a monotonic time, by the wall clock as it reads now.
    public func wallTime(ofMonotonic time: Double) -> Date {
        if let start {
            return start.addingTimeInterval((time - monotonicAtStart) * rate)
        }
        return Date(timeIntervalSince1970: time + MonotonicClock.wallClockOffset())
    }

    /// Now on the wall clock.
    public func now() -> Date { wallTime(ofMonotonic: monotonicNow()) }

    /// Whether the wall clock looks set: a board without a real-time clock boots in 1970 (or
    /// at its image's build date) until NTP steps it.
    public func wallClockIsPlausible() -> Bool {
        now().timeIntervalSince1970 >= Self.plausibleFrom
    }

    /// 2024-01-01T00:00:00Z: no step counted by this software happened before it.
    public static let plausibleFrom: Double = 1_704_067_200
}
