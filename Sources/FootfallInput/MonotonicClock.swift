#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Seconds on the kernel's monotonic clock: the detector's clock for live devices, which no
/// wall-clock change (an NTP step at boot, a manual date change) can move.
public enum MonotonicClock {
    /// Now, in seconds since an arbitrary point (boot).
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// The wall clock minus the monotonic clock, now: adds to a monotonic time to get
    /// wall-clock seconds since 1970.
    public static func wallClockOffset() -> Double {
        var wall = timespec(), mono = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        clock_gettime(CLOCK_MONOTONIC, &mono)
        return (Double(wall.tv_sec) - Double(mono.tv_sec)) + (Double(wall.tv_nsec) - Double(mono.tv_nsec)) * 1e-9
    }

    /// Sleeps for `seconds` (restarting after signals), without busy-waiting.
    public static func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
