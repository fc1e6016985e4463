import Testing
import FootfallDetection
import FootfallTestSupport
import FootfallTraces
@testable import FootfallAnalysis

/// What `footfall plot` lists of a real recording: every judgement of the walking gate with
/// the threshold its question needed and the reason for its verdict.
struct DetectorRecordingTests {
    @Test func theJudgementsCSVSaysWhyAndAgainstWhat() throws {
        // Short walks among daily living, and a wrist on a drive.
        var reasons = Set<String>()
        for trace in ["daily/short-walks-neck-pouch.csv", "bangle/HughB-drive-18.csv"] {
            reasons.formUnion(try checkJudgementsCSV(trace))
        }
        // Walks counted, stretches the model refused, and a finished walk that did not start standing.
        #expect(reasons.isSuperset(of: ["walking", "below-threshold", "not-still-before"]), "\(reasons)")
    }

    /// Checks the judgements CSV of a trace against the judgements; returns the reasons seen.
    func checkJudgementsCSV(_ trace: String) throws -> Set<String> {
        let samples = try Recording.readSamples(path: SampleTracesLocation.path(trace))
        let recording = DetectorRecording(samples: samples)
        let lines = recording.judgementsCSV().split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = try #require(lines.first).map(String.init)
        // The columns that were there are still there, in their order, with the new two.
        #expect(Array(header.prefix(9)) == ["time", "from", "question", "walking", "probability", "threshold", "reason",
                                            "outside", "moved_most"])
        #expect(Array(header.dropFirst(9)) == WalkingFeatures.names)
        let rows = lines.dropFirst()
        #expect(rows.count == recording.judgements.count && rows.count > 5)
        let decision = WalkingDecision(configuration: .default)
        var reasons = Set<String>()
        for (row, judgement) in zip(rows, recording.judgements) {
            #expect(Double(row[5]) == decision.threshold(for: judgement.question) && judgement.threshold == Double(row[5]))
            #expect(row[6] == Substring(judgement.reason.name))
            // Walking exactly when the reason says so; an envelope reason names the feature outside.
            #expect((row[3] == "1") == (row[6] == "walking"))
            if row[6] == "outside-envelope" { #expect(!row[7].isEmpty) }
            if row[6] == "below-threshold" { #expect(row[7].isEmpty && judgement.probability < judgement.threshold) }
            reasons.insert(String(row[6]))
        }
        return reasons
    }
}
