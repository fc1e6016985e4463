import Foundation
import Testing
import FootfallAnalysis
import FootfallDetection
import FootfallTestSupport
import FootfallTraces

/// The walking decision on real wrist recordings of people the detector's model is not judged
/// by here (three of WISDM's watch wearers, SampleTraces/wisdm): jogging and stairs are counted
/// at the rate their spectra say the feet strike, and a hand clapping for three minutes is not
/// a walk. The recordings carry no step count; the yardstick is the magnitude's spectral step
/// frequency (`StepFrequencySpectrum`), as `footfall bench` scores them.
struct RealWristActivityTests {
    /// Counted steps per second over the spectrum's step frequency for a walking recording.
    func countedOverSpectral(_ trace: String) throws -> Double {
        let path = SampleTracesLocation.path(trace)
        let count = try TraceCount.run(path: path, configuration: DetectorConfiguration.default.atPlacement(ofTrace: path))
        var spectrum = StepFrequencySpectrum()
        _ = try Recording.forEachBatch(path: path) { spectrum.add($0) }
        let frequency = try #require(spectrum.peakFrequency())
        return Double(count.steps) / count.duration / frequency
    }

    @Test func joggingAtTheWristIsCountedAtItsStepFrequency() throws {
        // 20 Hz: a step of 2.7 Hz has seven samples.
        let ratio = try countedOverSpectral("wisdm/1607_jogging.csv.gz")
        #expect(ratio >= 0.95 && ratio <= 1.03, "counted / spectral \(ratio)")
    }

    @Test func stairsAtTheWristAreCountedAtTheirStepFrequency() throws {
        let ratio = try countedOverSpectral("wisdm/1620_stairs.csv.gz")
        #expect(ratio >= 0.9 && ratio <= 1.03, "counted / spectral \(ratio)")
    }

    @Test func threeMinutesOfClappingAreNotAWalk() throws {
        // Hands striking in a steady rhythm, strongly: the signal level alone says walking.
        // Three minutes of a walk would be some 360 steps. What is counted is the first ten
        // seconds, where the hands move mostly up and down (12 steps; a model that never saw
        // this person counts 27, `cross_validate.py`).
        let path = SampleTracesLocation.path("wisdm/1604_clapping.csv.gz")
        let count = try TraceCount.run(path: path, configuration: DetectorConfiguration.default.atPlacement(ofTrace: path))
        #expect(count.duration > 170)
        #expect(count.steps <= 15, "\(count.steps) steps counted while clapping")
    }

    @Test func aRunThatTurnsIntoClappingStops() throws {
        // A minute of jogging, then without a pause the clapping: the walk going is asked
        // again every fourth strong step, and the hands end it.
        func samples(_ trace: String) throws -> [Sample] {
            var all: [Sample] = []
            _ = try Recording.forEachBatch(path: SampleTracesLocation.path(trace)) { all.append(contentsOf: $0) }
            return all
        }
        let jog = try samples("wisdm/1607_jogging.csv.gz")
        let run = jog.prefix { $0.time - jog[0].time < 60 }
        let start = try #require(run.first).time, end = try #require(run.last).time
        let clapping = try samples("wisdm/1604_clapping.csv.gz")
        let offset = end + 0.05 - clapping[0].time
        let spliced = Array(run) + clapping.map { Sample(time: $0.time + offset, x: $0.x, y: $0.y, z: $0.z) }
        var configuration = DetectorConfiguration.default
        configuration.placement = .wrist
        let steps = TraceCount.run(samples: spliced, configuration: configuration).stepTimes
        #expect(steps.filter { $0 <= end }.count > Int((end - start) * 2))
        // The 8 s of context before each judgement still hold the run for a while: the walk
        // goes on into the clapping for about as long, then the hands end it.
        let late = steps.filter { $0 > end + 15 }
        #expect(late.count <= 2, "steps after 15 s of clapping: \(late.count)")
    }
}
