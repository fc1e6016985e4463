import Foundation
import Testing
import FootfallAnalysis
import FootfallRandom
import FootfallTestSupport
import FootfallTraces
@testable import FootfallDetection

/// Properties the detector must have whatever the data: silence is zero, a walker's steady
/// rhythm is counted cycle for cycle, the same rhythm purely up and down (a hand, not a body
/// walking forward) is not, sway and vibration are not, and neither the sample rate, the
/// device's orientation nor the way samples are batched changes the count.
struct StepDetectorPropertyTests {
    @Test(arguments: [12.5, 25, 50, 100, 400])
    func silenceCountsZero(rate: Double) {
        #expect(Signals.steps(Signals.still(rateHz: rate, duration: 300)).isEmpty)
    }

    @Test(arguments: [1.0, 1.5, 2.0, 2.5])
    func steadyRhythmCountsEveryCycle(frequency: Double) throws {
        let steps = Signals.steps(Signals.stepRhythm(frequencyHz: frequency, amplitude: 2, rateHz: 100, duration: 60))
        let cycles = frequency * 60
        #expect(abs(Double(steps.count) - cycles) <= 0.02 * cycles + 1)
        // Each step reports the cadence of the rhythm.
        let cadence = try #require(steps.isEmpty ? nil : steps[steps.count / 2].cadence)
        #expect(abs(cadence - frequency * 60) < 0.05 * frequency * 60)
    }

    @Test(arguments: [0.2, 0.35])
    func slowSwayIsNotWalking(frequency: Double) {
        #expect(Signals.steps(Signals.tone(frequencyHz: frequency, amplitude: 3, rateHz: 50, duration: 120)).isEmpty)
    }

    @Test(arguments: [8.0, 11.0, 15.0])
    func vibrationIsNotWalking(frequency: Double) {
        #expect(Signals.steps(Signals.tone(frequencyHz: frequency, amplitude: 3, rateHz: 100, duration: 120)).isEmpty)
    }

    @Test func vehicleRideCountsZero() {
        var ride = SyntheticTrace(kind: .vehicle)
        ride.duration = 600
        ride.rateHz = 100
        for seed in UInt64(1)...3 {
            ride.seed = seed
            #expect(Signals.steps(ride.generate().samples).isEmpty)
        }
    }

    @Test(arguments: [90.0, 115.0, 140.0])
    func sameWalkAtEveryRateCountsWithinTwoPercent(cadence: Double) {
        var walk = SyntheticTrace(kind: .walk)
        walk.cadence = cadence
        walk.duration = 120
        walk.seed = 42
        var counts: [Int] = []
        var truth = 0
        for rate in [12.5, 25, 50, 100, 400] {
            walk.rateHz = rate
            let (samples, steps) = walk.generate()
            truth = steps.count
            counts.append(Signals.steps(samples).count)
        }
        for count in counts { #expect(abs(Double(count - truth)) <= 0.02 * Double(truth)) }
        #expect(counts.max()! - counts.min()! <= Int(0.02 * Double(truth)))
    }

    @Test func jitteryTimestampsCountTheSame() {
        var walk = SyntheticTrace(kind: .walk)
        walk.rateHz = 100
        walk.duration = 90
        let steady = Signals.steps(walk.generate().samples).count
        walk.timestampJitter = 0.45
        let jittery = Signals.steps(walk.generate().samples).count
        #expect(abs(steady - jittery) <= 1)
    }

    @Test func rotatingARealTraceChangesNothing() throws {
        let samples = try Recording.readSamples(path: SampleTracesLocation.path("oxford/Samsung_Dario_Hard_InHand_1.csv"))
        let reference = Signals.steps(samples).count
        var random = SeededRandom(seed: 5)
        for _ in 0..<8 {
            let rotation = Rotation.random(using: &random)
            let rotated = samples.map { s in
                let (x, y, z) = rotation.apply((s.x, s.y, s.z))
                return Sample(time: s.time, x: x, y: y, z: z)
            }
            #expect(abs(Signals.steps(rotated).count - reference) <= max(1, reference / 100))
        }
    }

    @Test(arguments: [1, 7, 64, 1000])
    func batchingChangesNothing(batch: Int) throws {
        let samples = try Recording.readSamples(path: SampleTracesLocation.path("bangle/100_1.csv"))
        let whole = Signals.steps(samples)
        var detector = StepDetector()
        var batched: [StepEvent] = []
        var index = 0
        while index < samples.count {
            let end = min(index + batch, samples.count)
            detector.process(Array(samples[index..<end])) { batched.append($0) }
            index = end
        }
        detector.finish { batched.append($0) }
        #expect(batched == whole)
    }

    @Test(arguments: [10, 12, 16])
    func shortWalkToTheKitchenIsCountedFromItsFirstStep(steps: Int) {
        // Sit, walk a few steps, sit again: every step counts, the first included.
        var walk = SyntheticTrace(kind: .walk)
        walk.cadence = 105
        walk.rateHz = 50
        walk.stillMargin = 10
        walk.duration = 20 + Double(steps) * 60 / 105
        walk.seed = UInt64(steps)
        let (samples, truth) = walk.generate()
        let found = Signals.steps(samples)
        #expect(abs(found.count - truth.count) <= 1)
        #expect(abs(found[0].time - truth[0]) < 0.25)
    }

    @Test func stepsComeOutInTimeOrder() throws {
        let samples = try Recording.readSamples(path: SampleTracesLocation.path("oxford/Samsung_Dario_Hard_BackPocket_1.csv"))
        let times = Signals.steps(samples).map(\.time)
        #expect(times == times.sorted())
    }

    @Test func gapInTheStreamIsSurvived() {
        var walk = SyntheticTrace(kind: .walk)
        walk.duration = 120
        walk.rateHz = 50
        let (samples, truth) = walk.generate()
        // Drop 8 s of samples in the middle: the walk on each side is still counted.
        let holed = samples.filter { $0.time < 50 || $0.time > 58 }
        let lost = truth.filter { $0 >= 50 && $0 <= 58 }.count
        let found = Signals.steps(holed)
        #expect(abs(found.count - (truth.count - lost)) <= 3)
        #expect(!found.contains { $0.time > 50.5 && $0.time < 57.5 })
    }

    @Test func samplesOutOfOrderAreIgnoredWithoutHarm() {
        var samples = Signals.tone(frequencyHz: 2, amplitude: 2, rateHz: 50, duration: 60)
        let reference = Signals.steps(samples).count
        // A clock that steps back now and then: the stale samples are dropped.
        for k in stride(from: 100, to: samples.count, by: 500) { samples[k].time -= 3 }
        #expect(abs(Signals.steps(samples).count - reference) <= 2)
    }

    @Test func finishReleasesWhatIsPendingOnce() {
        // Live, a step is released once its stretch's decision is final, a lag behind the
        // newest sample; finish decides the rest, and a second finish has nothing left.
        let samples = Signals.tone(frequencyHz: 2, amplitude: 2, rateHz: 50, duration: 30)
        var configuration = DetectorConfiguration.default
        configuration.decisionLag = DetectorConfiguration.liveDecisionLag
        var detector = StepDetector(configuration: configuration)
        var steps: [StepEvent] = []
        detector.process(samples) { steps.append($0) }
        let beforeFinish = steps.count
        detector.finish { steps.append($0) }
        let afterFinish = steps.count
        detector.finish { steps.append($0) }
        #expect(beforeFinish > 0)
        #expect(steps.count == afterFinish)
        // At two steps a second, at most the lag's steps and a judgement's wait behind it.
        #expect(afterFinish - beforeFinish <= Int(2 * DetectorConfiguration.liveDecisionLag.inSeconds) + 8)
        #expect(detector.stepCount == steps.count)
    }
}
