import Foundation
import Testing
import FootfallDetection
@testable import FootfallTraces

/// What `footfall record` writes, `footfall count` reads back, to the written precision.
struct TraceCSVWriterTests {
    @Test func writesWhatTheReaderReadsBack() throws {
        let fixture = try TraceFixture()
        let path = fixture.folder + "/written.csv"
        let writer = try TraceCSVWriter(path: path)
        let samples = (0..<500).map { (k: Int) -> Sample in
            let n = Double(k)
            let z: Double = 9.80665 + Double(k % 5) * 0.00004
            return Sample(time: n * 0.0123456, x: sin(n) * 3, y: -n / 7, z: z)
        }
        for sample in samples { writer.write(sample) }
        try writer.close()
        let read = try Recording.readSamples(path: path)
        #expect(read.count == samples.count)
        for (a, b) in zip(read, samples) {
            #expect(abs(a.time - b.time) <= 5e-7)
            #expect(abs(a.x - b.x) <= 5e-5 && abs(a.y - b.y) <= 5e-5 && abs(a.z - b.z) <= 5e-5)
        }
    }

    @Test(arguments: [(0.0, 4, "0.0000"), (-0.00004, 4, "0.0000"), (-0.00005, 4, "-0.0001"), (9.80665, 4, "9.8067"),
                      (1234.5, 1, "1234.5"), (0.1, 6, "0.100000"), (-12.3456789, 6, "-12.345679")])
    func fixedFormatting(value: Double, decimals: Int, expected: String) {
        #expect(TraceCSVWriter.fixed(value, decimals) == expected)
    }

    @Test func refusesAPathItCannotCreate() {
        #expect(throws: TraceError.self) { try TraceCSVWriter(path: "/nonexistent-folder/x.csv") }
    }
}
