/// Turns successive readings of a chip's step counter into steps to credit, through the
/// counter's resets and wrap-around.
///
/// The kernel's `in_steps_input` is the chip's register as it is: it counts from when the
/// counter was enabled, starts again at 0 when the chip is reset or the driver re-probed (a
/// device that went away and came back), and wraps at the register's width, which the ABI does
/// not give: 16 bits on mma9553, 24 bits on bma400 (STEP_CNT_0..2), 32 bits on wider parts. So
/// a reading lower than the last is judged by what is plausible:
///
/// - a **wrap** when the last reading lay within reach of the top of the narrowest of 16, 24 or
///   32 bits that holds it, and the steps from there over the top to the new reading are no
///   more than a person can walk in the time between the readings (`maximumStepsPerSecond`);
/// - a **reset** otherwise: the chip started again at 0, so the new reading is all new steps.
///
/// The first reading is the baseline (what the chip counted before it was read is not ours to
/// credit). What cannot be told apart: a chip reset that then counted past the last reading
/// before it was read again looks like progress, and only the difference is credited.
public struct HardwareStepTally: Sendable, Equatable {
    /// Register widths tried for a wrap, narrowest first.
    public static let widths = [16, 24, 32]
    /// Steps per second no one exceeds (a sprint is about 4-5); bounds what a wrap may credit.
    public static let maximumStepsPerSecond = 6.0
    /// Steps a wrap may credit on top of the time allowance (readings a moment apart).
    public static let slack = 20

    /// What a reading meant.
    public enum Change: Sendable, Equatable {
        /// The first reading: nothing credited.
        case baseline
        /// The counter went up (or stayed).
        case counted
        /// The counter passed the top of a register of this many bits.
        case wrapped(bits: Int)
        /// The counter started again from 0.
        case reset
    }

    /// The last reading and when it was taken (seconds, monotonic), once there is one.
    public private(set) var last: (reading: Int, time: Double)?
    /// Steps credited since the tally began.
    public private(set) var credited = 0
    /// How far apart the counter's readings are at least: a wrap may span this much walking even
    /// when the tally is handed the same reading more often (the sensor thread asks after every
    /// read; the source reads the chip once per `stepCounterInterval`).
    public let readInterval: Double

    /// A tally with no reading yet, for a counter read every `readInterval` seconds.
    public init(readInterval: Double = 1) {
        self.readInterval = readInterval
    }

    /// Takes a reading taken at `time` (seconds, monotonic).
    /// - Returns: the steps it adds, and what the reading meant.
    public mutating func record(_ reading: Int, at time: Double) -> (steps: Int, change: Change) {
        defer { last = (reading, time) }
        guard let last else { return (0, .baseline) }
        if reading >= last.reading {
            credited += reading - last.reading
            return (reading - last.reading, .counted)
        }
        let window = max(time - last.time, readInterval)
        let allowance = Int((window * Self.maximumStepsPerSecond).rounded(.up)) + Self.slack
        if let bits = Self.widths.first(where: { last.reading < 1 << $0 }) {
            let overTheTop = (1 << bits) - last.reading + reading
            if overTheTop <= allowance {
                credited += overTheTop
                return (overTheTop, .wrapped(bits: bits))
            }
        }
        credited += reading
        return (reading, .reset)
    }

    public static func == (lhs: HardwareStepTally, rhs: HardwareStepTally) -> Bool {
        lhs.credited == rhs.credited && lhs.last?.reading == rhs.last?.reading && lhs.last?.time == rhs.last?.time
            && lhs.readInterval == rhs.readInterval
    }
}
