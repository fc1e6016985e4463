import Testing
@testable import FootfallDetection

/// The peak stage: one candidate per positive lobe, held for merging, and what it still holds.
struct PeakDetectorTests {
    /// Feeds `values` as 25 Hz frames from `start`; returns the time after the last.
    func run(_ detector: inout PeakDetector, _ values: [Double], from start: Double = 0) -> Double {
        var time = start
        for value in values {
            detector.process(time: time, value: value)
            time += 0.04
        }
        return time
    }

    @Test func nothingIsPendingAtRest() {
        var detector = PeakDetector(configuration: .default)
        _ = run(&detector, [Double](repeating: -0.01, count: 10))
        #expect(detector.earliestPendingTime == .infinity)
    }

    @Test func anOpenLobeThatClearsTheWalkingThresholdIsPendingFromItsPeakSoFar() throws {
        var detector = PeakDetector(configuration: .default)
        var time = run(&detector, [-0.5, -0.5])
        // A lobe rising to 3 m/s² at 0.16 s and staying up: no candidate is out while it is open,
        // but one will be, no earlier than the peak so far.
        time = run(&detector, [0.5, 1.5, 3, 2.9, 2.8, 2.7, 2.6, 2.5], from: time)
        #expect(detector.nextCandidate() == nil)
        let pending = detector.earliestPendingTime
        #expect(pending >= 0.16 && pending <= 0.2, "pending from \(pending)")
        // Closed: the candidate is held for merging (it is still pending, at its own time),
        // then let out once no later lobe can merge with it.
        time = run(&detector, [-1], from: time)
        #expect(detector.nextCandidate() == nil)
        #expect(detector.earliestPendingTime == pending)
        _ = run(&detector, [-1, -1, -1, -1, -1, -1, -1, -1], from: time)
        let released = detector.nextCandidate()
        let candidate = try #require(released)
        #expect(candidate.time == pending)
        #expect(detector.earliestPendingTime == .infinity)
    }

    @Test func anOpenLobeBelowTheWalkingThresholdIsNotPending() {
        var detector = PeakDetector(configuration: .default)
        let time = run(&detector, [-0.5, -0.5])
        _ = run(&detector, [0.01, 0.02, 0.02, 0.02], from: time)
        #expect(detector.earliestPendingTime == .infinity)
    }
}
