import CMallocCounter
import Testing
import FootfallAnalysis
import FootfallDetection

/// The per-sample path must not touch the heap: storage is allocated once, in `init`.
/// Skipped in sanitizer builds, whose runtimes own malloc (see MallocCounter.h).
@Suite(.enabled(if: footfall_malloc_counter_available() != 0, "a sanitizer's malloc replaces the allocation counter"))
struct AllocationTests {
    @Test(arguments: [12.5, 50, 400])
    func processingAllocatesNothingPerSample(rate: Double) {
        var walk = SyntheticTrace(kind: .walk)
        walk.rateHz = rate
        walk.duration = 240
        let samples = walk.generate().samples
        let warmUp = samples.count / 4
        // As the daemon counts: each stretch decided a lag behind, its steps released then.
        var configuration = DetectorConfiguration.default
        configuration.decisionLag = DetectorConfiguration.liveDecisionLag
        var detector = StepDetector(configuration: configuration)
        var steps = 0
        samples.withUnsafeBufferPointer { buffer in
            detector.process(UnsafeBufferPointer(rebasing: buffer[0..<warmUp])) { _ in steps += 1 }
            let before = footfall_thread_allocations()
            // An index loop: iterating a buffer slice allocates per element in debug builds.
            for index in warmUp..<buffer.count {
                detector.process(buffer[index]) { _ in steps += 1 }
            }
            let after = footfall_thread_allocations()
            #expect(after - before == 0, "\(after - before) allocations over \(buffer.count - warmUp) samples")
        }
        // The walk was really counted while we watched.
        #expect(steps > 100)
    }

    @Test func scoringAStretchAllocatesNothing() {
        // The forest is asked at every judgement, twice a second while walking.
        let model = WalkingModel.trained
        var values = SIMD32<Double>.zero
        values[1] = 0.8
        var total = model.probability(WalkingFeatures(values: values))
        let before = footfall_thread_allocations()
        for i in 0..<100 {
            values[2] = Double(i) / 100
            total += model.probability(WalkingFeatures(values: values))
        }
        let after = footfall_thread_allocations()
        #expect(after - before == 0, "\(after - before) allocations over 100 stretches")
        #expect(total > 0)
    }

    @Test func theCounterSeesAllocations() {
        // Guards the test above against a counter that counts nothing.
        let before = footfall_thread_allocations()
        let array = [Int](repeating: 1, count: 1000)
        #expect(footfall_thread_allocations() > before)
        #expect(array.count == 1000)
    }
}
