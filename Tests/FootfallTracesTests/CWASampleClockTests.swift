import Testing
import FootfallDetection
@testable import FootfallTraces

/// How CWA samples are timed from their blocks' timestamps, worked by hand on blocks of four.
struct CWASampleClockTests {
    /// Feeds blocks of four samples (x = the sample's number), each stamped at `offset` with
    /// `time`, and returns the times handed on, in order.
    func times(_ blocks: [(offset: Double, time: Double)], rate: Double = 100, skipAfter: Int? = nil) -> [Double] {
        var clock = CWASampleClock()
        defer { clock.deallocate() }
        var out: [Double] = []
        var number = 0
        for (k, block) in blocks.enumerated() {
            let start = clock.nextIndex
            clock.reserve(4, { out.append($0.time) })
            for _ in 0..<4 {
                clock.append(x: Double(number), y: 0, z: 0)
                number += 1
            }
            clock.stamp(blockStart: start, offset: block.offset, time: block.time, configuredRate: rate) { out.append($0.time) }
            if k == skipAfter { clock.skip(4) }
        }
        clock.finish { out.append($0.time) }
        return out
    }

    func expectTimes(_ found: [Double], _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(found.count == expected.count, sourceLocation: sourceLocation)
        for (a, b) in zip(found, expected) where abs(a - b) > 1e-9 {
            Issue.record("times \(found) are not \(expected)", sourceLocation: sourceLocation)
            return
        }
    }

    @Test func aDeviceAtItsConfiguredRate() {
        expectTimes(times([(0, 10.00), (0, 10.04)]), (0..<8).map { 10 + Double($0) / 100 })
    }

    /// 4 samples in 0.05 s is 80 Hz, 20 % off the configured 100 Hz: not believable, so the
    /// first block keeps the configured rate and the second starts anew from its timestamp.
    @Test func aLineTooFarFromTheConfiguredRateIsABreak() {
        expectTimes(times([(0, 10.00), (0, 10.05)]), [10.00, 10.01, 10.02, 10.03, 10.05, 10.06, 10.07, 10.08])
    }

    /// A real device's clock: 4 samples in 0.0408 s (98.04 Hz, within 10 %): every sample on
    /// that line, and the last block, with no timestamp after it, keeps the rate measured.
    @Test func aDeviceSlowerThanConfiguredIsTimedOnTheLineBetweenTimestamps() {
        let step = 0.0408 / 4
        expectTimes(times([(0, 10.0), (0, 10.0408), (0, 10.0816)]), (0..<12).map { 10 + Double($0) * step })
    }

    /// An AX6 stamps the sample after its block's last: every sample lies before its own
    /// block's timestamp and is timed on the line from the timestamp before.
    @Test func aTimestampPastTheBlocksLastSample() {
        let step = 0.0408 / 4
        // Stamps at samples 4, 8, 12, at 10.0408, 10.0816, 10.1224: sample n at 10 + n * step.
        expectTimes(times([(4, 10.0408), (4, 10.0816), (4, 10.1224)]), (0..<12).map { 10 + Double($0) * step })
    }

    /// A gap of a minute (the device stopped): the block before keeps its rate, the one after
    /// starts from its own timestamp; nothing in between.
    @Test func aGapInTheRecording() {
        let found = times([(0, 10.00), (0, 10.04), (0, 70.00), (0, 70.04)])
        expectTimes(found, [10.00, 10.01, 10.02, 10.03, 10.04, 10.05, 10.06, 10.07, 70.00, 70.01, 70.02, 70.03, 70.04, 70.05, 70.06, 70.07])
    }

    /// A damaged block skipped between two: its samples keep their places, so the line runs
    /// across it at the device's rate and the block after is not a break.
    @Test func aSkippedBlockKeepsItsPlaces() {
        let step = 0.0408 / 4
        // Blocks at samples 0 and 8 (4..<8 skipped), then 12.
        let found = times([(0, 10.0), (0, 10.0816), (0, 10.1224)], skipAfter: 0)
        expectTimes(found, [0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15].map { 10 + Double($0) * step })
    }
}
