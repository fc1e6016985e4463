import FootfallDetection

/// One minute of a recording on its local clock: the steps counted in it (as the daemon
/// stores a minute: their count and average cadence), how much the device moved (per-axis
/// sums, squares and extremes, in g, for non-wear), and whether it was worn.
public struct RecordedMinute: Sendable, Equatable {
    /// The minute's start, seconds on the recording's local clock since 1970; a multiple of 60.
    public var start: Int64
    /// Samples in the minute.
    public var samples = 0
    /// Steps counted in the minute.
    public var steps = 0
    /// The sum of those steps' cadences, steps per minute.
    public var cadenceSum = 0.0
    /// Whether the minute lies outside every non-wear stretch (`NonWearRule`).
    public var worn = true
    var sum = SIMD3<Double>(repeating: 0)
    var sumOfSquares = SIMD3<Double>(repeating: 0)
    var minimum = SIMD3<Double>(repeating: .infinity)
    var maximum = SIMD3<Double>(repeating: -.infinity)

    /// An empty minute starting at `start`.
    public init(start: Int64) {
        self.start = start
    }

    /// The average cadence of the minute's steps, steps per minute; 0 without steps.
    public var cadence: Double { steps > 0 ? cadenceSum / Double(steps) : 0 }

    /// Adds one sample's acceleration, in g.
    mutating func add(_ g: SIMD3<Double>) {
        samples += 1
        sum += g
        sumOfSquares += g * g
        minimum = pointwiseMin(minimum, g)
        maximum = pointwiseMax(maximum, g)
    }

    /// Adds another stretch of the same minute (a clock set back revisits a minute).
    mutating func merge(_ other: RecordedMinute) {
        samples += other.samples
        steps += other.steps
        cadenceSum += other.cadenceSum
        sum += other.sum
        sumOfSquares += other.sumOfSquares
        minimum = pointwiseMin(minimum, other.minimum)
        maximum = pointwiseMax(maximum, other.maximum)
    }
}
