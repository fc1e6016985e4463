import FootfallDetection
import FootfallTraces

/// Gathers a recording's samples and counted steps into `RecordedMinute`s on its local clock,
/// as it is read: one minute is open at a time, so a week costs its 10,080 minutes, not its
/// samples.
///
/// The local clock is the recording's time plus `localOffset(time)`: zero for a clock that is
/// already local (an Axivity's, an ISO time without a zone), a time zone's offset for Unix
/// times; always zero for a recording whose times are not dates (`RecordingClock.elapsed`,
/// told by its first sample). A clock set back (summer time ending) revisits minutes, which then hold both stretches,
/// as the daemon's minutes do.
public struct ActivityMinutes {
    /// Seconds to add to a recording's time for its local clock, at that time.
    public typealias LocalOffset = (Double) -> Double

    private var closed: [Int64: RecordedMinute] = [:]
    private var open: RecordedMinute?
    private let localOffset: LocalOffset
    // The offset is asked once per minute of the recording's own time (zones change on whole minutes).
    private var offsetMinute = Int64.min
    private var offset = 0.0
    /// The time of the first sample added.
    public private(set) var firstTime: Double?

    /// Whether the recording's times are dates, as its first sample tells; nil before it.
    public var clock: RecordingClock? { firstTime.map(RecordingClock.init(firstTime:)) }

    /// Starts with no minutes.
    public init(localOffset: @escaping LocalOffset = { _ in 0 }) {
        self.localOffset = localOffset
    }

    private mutating func localMinute(_ time: Double) -> Int64 {
        let minute = Int64((time / 60).rounded(.down))
        if minute != offsetMinute {
            offsetMinute = minute
            offset = clock == .wallClock ? localOffset(Double(minute) * 60) : 0
        }
        return Int64(((time + offset) / 60).rounded(.down)) * 60
    }

    /// Adds samples (m/s²), in time order.
    public mutating func add(_ samples: UnsafeBufferPointer<Sample>) {
        if firstTime == nil { firstTime = samples.first?.time }
        for sample in samples {
            let start = localMinute(sample.time)
            if open?.start != start {
                close()
                open = closed.removeValue(forKey: start) ?? RecordedMinute(start: start)
            }
            open!.add(SIMD3(sample.x, sample.y, sample.z) / 9.80665)
        }
    }

    /// Adds a counted step to the minute its time falls in.
    public mutating func add(step: StepEvent) {
        let start = localMinute(step.time)
        if open?.start == start {
            open!.steps += 1
            open!.cadenceSum += step.cadence
        } else {
            closed[start, default: RecordedMinute(start: start)].steps += 1
            closed[start, default: RecordedMinute(start: start)].cadenceSum += step.cadence
        }
    }

    private mutating func close() {
        guard let minute = open else { return }
        closed[minute.start, default: RecordedMinute(start: minute.start)].merge(minute)
        open = nil
    }

    /// Every minute with samples or steps, in order, with `worn` decided by `rule`.
    public mutating func minutes(rule: NonWearRule = .standard) -> [RecordedMinute] {
        close()
        var minutes = closed.values.sorted { $0.start < $1.start }
        rule.mark(&minutes)
        return minutes
    }
}
