import Foundation
import Testing
import FootfallDetection
import FootfallTraces
@testable import FootfallAnalysis

/// Recordings whose truth is labelled segments (geotec-tug) are scored by where the steps
/// fell, as the shared datasets' evaluate_segments.py scores them.
struct SegmentScoreTests {
    let segments = [TraceSidecar.Segment(label: .seated, start: 0, end: 2),
                    TraceSidecar.Segment(label: .standingUp, start: 2, end: 3),
                    TraceSidecar.Segment(label: .walking, start: 3, end: 6),
                    TraceSidecar.Segment(label: .turning, start: 6, end: 7),
                    TraceSidecar.Segment(label: .sittingDown, start: 7, end: 9)]

    @Test func stepsFallInTheFirstSegmentHoldingThem() {
        // 2.0 is on the seated/standing-up boundary: the first segment holding it, seated.
        // 3.0 is on standing-up/walking: standing up. 12 is outside every segment: seated.
        let score = SegmentScore(stepTimes: [1, 2.0, 2.5, 3.0, 3.5, 4.5, 6.5, 8, 12], segments: segments,
                                 group: "wrist", placement: "wrist", name: "s01_02_wrist")
        #expect(score.execution == "s01_02")
        #expect(score.walkSteps == 3)
        #expect(score.seatedSteps == 3)
        #expect(score.standingUpSteps == 2)
        #expect(score.sittingDownSteps == 1)
        #expect(score.falseSteps == 6)
        #expect(score.walkSeconds == 4)
        #expect(score.stillSeconds == 5)
    }

    func recording(_ name: String, placement: String, steps: [Double]) -> RecordingScore {
        var sidecar = TraceSidecar(activity: .mixed, placement: placement)
        sidecar.dataset = "tug"
        sidecar.segments = segments
        let count = TraceCount(stepTimes: steps, cadence: 0, samples: 900, duration: 9, elapsed: 0.01)
        return RecordingScore(count: count, sidecar: sidecar, dataset: "tug", name: name)
    }

    @Test func aDatasetSumsPerPlacementAndPairsItsDevices() throws {
        let scores = [recording("s01_01_wrist", placement: "wrist", steps: [3.5, 4, 4.5, 5]),
                      recording("s01_01_pocket", placement: "pocket", steps: [3.5, 4.5]),
                      recording("s01_02_wrist", placement: "wrist", steps: [1])]
        let summary = DatasetSummary(dataset: "tug", scores: scores)
        let wrist = try #require(summary.segments?.first { $0.group == "wrist" })
        #expect(wrist.recordings == 2)
        #expect(wrist.walkSteps == 4)
        #expect(wrist.noStepRecordings == 1)
        #expect(wrist.falseSteps == 1)
        #expect(abs(wrist.stepsPerWalkingSecond - 4.0 / 8) < 1e-12)
        // Per recording: 4 steps in 4 s of walking and turning, and none.
        #expect(wrist.medianStepsPerSecond == 0.5 && wrist.lowestStepsPerSecond == 0)
        #expect(abs(wrist.falseStepsPerHour - 1.0 / 10 * 3600) < 1e-9)
        // One execution seen by both devices: 4 against 2.
        let pairs = try #require(summary.pairedCounts)
        #expect(pairs.executions == 1 && pairs.medianDifference == 2 && pairs.maximumDifference == 2)
        // Their true count is unknown, not 0: they are no mixed recordings.
        #expect(summary.mixedTrue == nil)
    }

    @Test func shardsMergeIntoTheSameFigures() throws {
        let scores = [recording("s01_01_wrist", placement: "wrist", steps: [3.5, 4, 4.5, 5]),
                      recording("s01_01_pocket", placement: "pocket", steps: [3.5, 4.5, 8])]
        let whole = BenchReport(recordings: scores)
        let parts = try [BenchReport(recordings: [scores[0]], shard: Shard(index: 0, count: 2)),
                         BenchReport(recordings: [scores[1]], shard: Shard(index: 1, count: 2))]
            .map { try JSONDecoder().decode(BenchReport.self, from: $0.encoded()) }
        let merged = try BenchReport.merge(parts)
        #expect(merged.datasets.first?.segments == whole.datasets.first?.segments)
        #expect(merged.datasets.first?.pairedCounts == whole.datasets.first?.pairedCounts)
        #expect(merged.segmentTable() == whole.segmentTable())
        #expect(merged.segmentTable().contains("paired executions 1"))
    }

    static let geotec: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared/datasets/geotec-tug").path
    }()

    @Test(.enabled(if: FileManager.default.fileExists(atPath: geotec), "../shared/datasets/geotec-tug is not here"))
    func scoresAsTheSharedScorerDoes() throws {
        // The detector's steps for every geotec recording, scored by the bench and by
        // evaluate_segments.py (fed the same step times): the same figures per placement.
        let recordings = try BenchCorpus.discover([Self.geotec])
        let scores = try BenchReport.run(recordings, configuration: .default, jobs: 2)
        let report = BenchReport(recordings: scores)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segments-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for recording in recordings {
            let count = try TraceCount.run(path: recording.tracePath,
                                           configuration: DetectorConfiguration.default.atPlacement(ofTrace: recording.tracePath))
            let json = try JSONSerialization.data(withJSONObject: ["steps": count.steps, "step_times": count.stepTimes])
            try json.write(to: folder.appendingPathComponent(Trace.name(ofPath: recording.tracePath) + ".json"))
        }
        let script = URL(fileURLWithPath: Self.geotec).deletingLastPathComponent().appendingPathComponent("evaluate_segments.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, Self.geotec, "--cmd", "cat \(folder.path)/$(basename {trace} .csv).json"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let summary = try #require(report.datasets.first { $0.dataset == "geotec-tug" })
        for placement in try #require(summary.segments) {
            // "wrist  135  1265  1.30  5  377  2438  seated 52, sitting-down 286, standing-up 39"
            let line = try #require(output.split(separator: "\n").first { $0.hasPrefix(placement.group + " ") })
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            #expect(Int(fields[1]) == placement.recordings)
            #expect(Int(fields[2]) == placement.walkSteps)
            #expect(fields[3] == Substring(String(format: "%.2f", placement.stepsPerWalkingSecond)))
            #expect(Int(fields[4]) == placement.noStepRecordings)
            #expect(Int(fields[5]) == placement.falseSteps)
            #expect(line.contains("seated \(placement.seatedSteps)"))
            #expect(line.contains("sitting-down \(placement.sittingDownSteps)"))
        }
        let pairs = try #require(summary.pairedCounts)
        #expect(output.contains("paired executions \(pairs.executions): |wrist - pocket| median \(Int(pairs.medianDifference))"))
    }
}
