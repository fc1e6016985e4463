import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import FootfallTestSupport
import FootfallTraces
@testable import FootfallAnalysis

/// The plot is a well-formed SVG that shows every counted and true step in its window.
struct TracePlotTests {
    @Test func plotIsWellFormedAndShowsTheSteps() throws {
        let trace = try Trace.load(path: SampleTracesLocation.path("synthetic/walk-110spm-50hz.csv"))
        let recording = DetectorRecording(samples: trace.samples)
        let plot = TracePlot(recording: recording, truth: trace.sidecar?.stepTimes, window: 0...30, title: "walk <&> \"test\"")
        let svg = plot.svg()
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "SVG does not parse: \(String(describing: parser.parserError))")
        let counted = recording.steps.filter { $0.time >= 0 && $0.time <= 30 }.count
        let truth = trace.sidecar!.stepTimes!.filter { $0 >= 0 && $0 <= 30 }.count
        #expect(counted > 20)
        // One triangle per counted and per true step, plus the two legend squares are rects.
        #expect(svg.components(separatedBy: "<polygon").count - 1 == counted + truth)
        #expect(svg.contains("walk &lt;&amp;&gt; &quot;test&quot;"))
    }

    @Test func recordingCoversTheTrace() throws {
        let trace = try Trace.load(path: SampleTracesLocation.path("bangle/100_1.csv"))
        let recording = DetectorRecording(samples: trace.samples)
        // 25 frames a second from first sample to last.
        let expectedFrames = trace.duration * 25
        #expect(abs(Double(recording.frames.count) - expectedFrames) < 3)
        #expect(recording.steps.count == TraceCount.run(samples: trace.samples).steps)
        #expect(recording.framesCSV().split(separator: "\n").count == recording.frames.count + 1)
    }
}
