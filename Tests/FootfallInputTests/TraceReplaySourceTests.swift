import Testing
import FootfallDetection
import FootfallTestSupport
import FootfallTraces
@testable import FootfallInput

/// Trace replay through the source interface: every sample delivered, in order, with the
/// trace's spacing kept at any speed.
struct TraceReplaySourceTests {
    let path = SampleTracesLocation.path("bangle/100_1.csv")

    func drain(_ source: TraceReplaySource, maximumReads: Int = 100_000) throws -> [Sample] {
        var all: [Sample] = []
        for _ in 0..<maximumReads {
            if try source.read(into: &all, timeout: .milliseconds(200)) == .endOfStream { break }
        }
        return all
    }

    @Test func asFastAsPossibleDeliversTheWholeTraceWithItsSpacing() throws {
        let original = try Recording.readSamples(path: path)
        let source = try TraceReplaySource(path: path, speed: nil)
        try source.start()
        let delivered = try drain(source)
        #expect(delivered.count == original.count)
        let shift = delivered[0].time - original[0].time
        for (a, b) in zip(delivered, original) {
            #expect(abs(a.time - shift - b.time) < 1e-9)
            #expect(a.x == b.x && a.y == b.y && a.z == b.z)
        }
        // The count through the source is the count of the file.
        var detector = StepDetector()
        var steps = 0
        detector.process(delivered) { _ in steps += 1 }
        detector.finish { _ in steps += 1 }
        // The same count as 'footfall count' on the file: its golden file's.
        #expect(steps == SampleTracesLocation.goldenSteps("bangle/100_1.csv"))
    }

    @Test func pacedReplayDeliversInPiecesAndMapsTimesBack() throws {
        // At 40x an 80 s trace takes 2 s: one short read cannot have it all.
        let source = try TraceReplaySource(path: path, speed: 40)
        try source.start()
        var batch: [Sample] = []
        _ = try source.read(into: &batch, timeout: .milliseconds(50))
        #expect(batch.count < 900)
        // Sample time 40 s into the trace is delivered 1 s after the start.
        let start = source.originClock
        #expect(abs(source.monotonicTime(ofSampleTime: start + 40) - (start + 1)) < 1e-9)
    }

    @Test func loopingKeepsTimeRunning() throws {
        let original = try Recording.readSamples(path: path)
        let source = try TraceReplaySource(path: path, speed: nil, loops: true)
        try source.start()
        var all: [Sample] = []
        while all.count < original.count * 2 + 10 { _ = try source.read(into: &all, timeout: .milliseconds(10)) }
        let times = all.map(\.time)
        #expect(zip(times.dropFirst(), times).allSatisfy { $0 > $1 }, "time never goes back across laps")
        #expect(all[original.count].x == original[0].x)
    }

    @Test func refusesWhatCannotBeReplayed() {
        #expect(throws: SensorError.self) { try TraceReplaySource(path: "/no/such.csv") }
        #expect(throws: SensorError.self) { try TraceReplaySource(path: path, speed: 0) }
    }
}
