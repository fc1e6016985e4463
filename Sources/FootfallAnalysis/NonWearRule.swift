/// When a device was not worn, as the field finds it (van Hees et al. 2011 and 2013, GGIR's
/// default): in a window of `windowMinutes`, moved on by `stepMinutes`, an axis is still when
/// its standard deviation is under `standardDeviation` and its range under `range`; a window in
/// which at least two of the three axes are still is not worn, and neither is any minute in it.
///
/// A worn device moves more than that within an hour even in sleep; a device on a table or in
/// a drawer moves less (its noise is a few mg). A recording shorter than a window is taken as
/// worn throughout.
public struct NonWearRule: Sendable, Equatable {
    /// The window, minutes.
    public var windowMinutes: Int
    /// How far the window moves each time, minutes.
    public var stepMinutes: Int
    /// An axis is still under this standard deviation, g.
    public var standardDeviation: Double
    /// ... and under this range (largest minus smallest value), g.
    public var range: Double

    /// Creates a rule.
    public init(windowMinutes: Int = 60, stepMinutes: Int = 15, standardDeviation: Double = 0.013, range: Double = 0.050) {
        self.windowMinutes = windowMinutes
        self.stepMinutes = stepMinutes
        self.standardDeviation = standardDeviation
        self.range = range
    }

    /// GGIR's defaults: 60-minute windows every 15 minutes, 13 mg and 50 mg.
    public static let standard = NonWearRule()

    /// Marks the minutes (sorted by start) that lie in a non-wear window as not worn.
    public func mark(_ minutes: inout [RecordedMinute]) {
        guard let first = minutes.first?.start, let last = minutes.last?.start else { return }
        let window = Int64(windowMinutes) * 60, step = Int64(max(1, stepMinutes)) * 60
        guard last + 60 - first >= window else { return }
        // Window starts: every step from the first minute, and one more ending at the last.
        var starts: [Int64] = Array(stride(from: first, through: last + 60 - window, by: Int(step)))
        if starts.last != last + 60 - window { starts.append(last + 60 - window) }
        var lower = 0
        for start in starts {
            while lower < minutes.count && minutes[lower].start < start { lower += 1 }
            var upper = lower
            var combined = RecordedMinute(start: start)
            while upper < minutes.count && minutes[upper].start < start + window {
                combined.merge(minutes[upper])
                upper += 1
            }
            guard combined.samples > 1, isStill(combined) else { continue }
            for index in lower..<upper { minutes[index].worn = false }
        }
    }

    /// Whether two or more axes of a stretch are still.
    func isStill(_ stretch: RecordedMinute) -> Bool {
        let n = Double(stretch.samples)
        let mean = stretch.sum / n
        var still = 0
        for axis in 0..<3 {
            let variance = max(0, (stretch.sumOfSquares[axis] - n * mean[axis] * mean[axis]) / (n - 1))
            let spread = stretch.maximum[axis] - stretch.minimum[axis]
            if variance.squareRoot() < standardDeviation && spread < range { still += 1 }
        }
        return still >= 2
    }
}
