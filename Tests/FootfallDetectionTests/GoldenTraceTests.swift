import Foundation
import Testing
import FootfallAnalysis
import FootfallDetection
import FootfallTestSupport
import FootfallTraces

/// gpsd-style regression tests: every SampleTraces recording is counted and compared with its
/// `.expected` file (written by tools/regen-expected) exactly, step for step. A missing golden
/// file is a failure, so a new trace cannot slip in untested.
struct GoldenTraceTests {
    struct Expected: Decodable {
        var steps: Int
        var step_times: [Double]
    }

    @Test(arguments: SampleTracesLocation.allTraces)
    func countMatchesTheGoldenFile(trace: String) throws {
        let path = SampleTracesLocation.path(trace)
        let expectedPath = SampleTracesLocation.goldenPath(trace)
        let data = try #require(FileManager.default.contents(atPath: expectedPath),
                                "no golden file \(expectedPath): run tools/regen-expected and review the diff")
        let expected = try JSONDecoder().decode(Expected.self, from: data)
        let count = try TraceCount.run(path: path, configuration: DetectorConfiguration.default.atPlacement(ofTrace: path))
        #expect(count.steps == expected.steps)
        let rounded = count.stepTimes.map { ($0 * 1000).rounded() / 1000 }
        #expect(rounded == expected.step_times)
    }

    @Test func sampleTracesAreThere() {
        // The golden test is parameterised over the folder: an empty folder would pass vacuously.
        #expect(SampleTracesLocation.allTraces.count >= 10)
    }

    @Test(arguments: SampleTracesLocation.allTraces)
    func nonWalkingSampleTracesCountZero(trace: String) throws {
        let path = SampleTracesLocation.path(trace)
        guard let sidecar = try TraceSidecar.load(besideTrace: path), sidecar.activity == .nonWalking else { return }
        #expect(try TraceCount.run(path: path, configuration: DetectorConfiguration.default.atPlacement(ofTrace: path)).steps == 0)
    }
}
