import Foundation
import Testing
import FootfallDetection
import FootfallTraces
import FootfallTestSupport
@testable import FootfallAnalysis

/// The spectral step frequency, the yardstick of walks recorded without a count.
struct StepFrequencySpectrumTests {
    func spectrum(of samples: [Sample]) -> StepFrequencySpectrum {
        var spectrum = StepFrequencySpectrum()
        samples.withUnsafeBufferPointer { spectrum.add($0) }
        return spectrum
    }

    @Test func aWristsStrideSwingDoesNotHideTheStep() throws {
        // A minute at 20 Hz: steps at 1.83 Hz, and an arm swing twice as strong once a stride.
        let samples = (0..<1200).map { i -> Sample in
            let t = Double(i) / 20
            let bounce = 1.0 * sin(2 * .pi * 1.83 * t), swing = 2.0 * sin(2 * .pi * 0.915 * t)
            return Sample(time: t, x: swing, y: 0.3, z: 9.81 + bounce)
        }
        let frequency = try #require(spectrum(of: samples).peakFrequency())
        #expect(abs(frequency - 1.83) <= 0.01)
    }

    @Test func aRealWalkPeaksAtItsTrueCadence() throws {
        // A phone in the hand, every step timed by pressure switches under the heels.
        let trace = SampleTracesLocation.path("oxford/Samsung_Dario_Hard_InHand_1.csv")
        let sidecar = try #require(try TraceSidecar.load(besideTrace: trace))
        let truth = try #require(sidecar.stepTimes).sorted()
        let trueFrequency = Double(truth.count - 1) / (truth[truth.count - 1] - truth[0])
        var spectrum = StepFrequencySpectrum()
        _ = try Recording.forEachBatch(path: trace) { spectrum.add($0) }
        let frequency = try #require(spectrum.peakFrequency())
        #expect(abs(frequency / trueFrequency - 1) < 0.03, "spectral \(frequency) Hz, true \(trueFrequency) Hz")
    }

    @Test func lessThanOneSegmentHasNoPeak() {
        let samples = (0..<100).map { Sample(time: Double($0) / 20, x: 0, y: 0, z: 9.81) }
        #expect(spectrum(of: samples).peakFrequency() == nil)
    }
}
