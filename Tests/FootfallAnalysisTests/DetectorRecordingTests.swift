import Testing
import FootfallDetection
import FootfallTestSupport
import FootfallTraces
@testable import FootfallAnalysis

/// What `footfall plot` lists of a real recording: every judgement of the walking gate with
/// the evidence it gave and its bout's decision, and every candidate with its outcome.
struct DetectorRecordingTests {
    @Test func theJudgementsCSVSaysWhatEachStretchShowedAndWhatWasDecided() throws {
        // Short walks among daily living, and a wrist on a drive.
        var reasons = Set<String>()
        for trace in ["daily/short-walks-neck-pouch.csv", "bangle/HughB-drive-18.csv"] {
            reasons.formUnion(try checkJudgementsCSV(trace))
        }
        // Walks counted, and stretches decided not walking.
        #expect(reasons.isSuperset(of: ["walking", "not-walking"]), "\(reasons)")
    }

    /// Checks the judgements CSV of a trace against the judgements; returns the reasons seen.
    func checkJudgementsCSV(_ trace: String) throws -> Set<String> {
        let path = SampleTracesLocation.path(trace)
        let samples = try Recording.readSamples(path: path)
        let recording = DetectorRecording(samples: samples, configuration: try DetectorConfiguration.default.atPlacement(ofTrace: path))
        let lines = recording.judgementsCSV().split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = try #require(lines.first).map(String.init)
        #expect(Array(header.prefix(11)) == ["time", "from", "question", "node", "probability", "evidence", "posterior", "walking",
                                             "reason", "outside", "moved_most"])
        #expect(Array(header.dropFirst(11)) == WalkingFeatures.names)
        let rows = lines.dropFirst()
        #expect(rows.count == recording.judgements.count && rows.count > 5)
        var reasons = Set<String>()
        for (row, judgement) in zip(rows, recording.judgements) {
            #expect(Int(row[3]) == judgement.node)
            guard judgement.node >= 0 else {
                // A finished short walk refused before any decision says why.
                #expect(row[8] == "not-still" && row[6].isEmpty)
                reasons.insert(String(row[8]))
                continue
            }
            let decision = try #require(recording.decisions[judgement.node], "every judged stretch is decided")
            // Walking exactly when the decision's probability is at least a half, and the reason says so.
            #expect((row[7] == "1") == (decision.posterior! >= 0.5))
            #expect((row[8] == "walking") == (row[7] == "1"))
            if !row[9].isEmpty { #expect(judgement.evidence.outsideEnvelope != nil) }
            reasons.insert(String(row[8]))
        }
        return reasons
    }

    @Test func theCandidatesCSVGivesEveryCandidateItsOutcome() throws {
        let path = SampleTracesLocation.path("daily/short-walks-neck-pouch.csv")
        let samples = try Recording.readSamples(path: path)
        let recording = DetectorRecording(samples: samples, configuration: try DetectorConfiguration.default.atPlacement(ofTrace: path))
        let rows = recording.candidatesCSV().split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        // One row a candidate, and the steps counted are the steps of the candidates counted.
        #expect(rows.count == recording.candidates.count)
        #expect(rows.reduce(0) { $0 + Int($1[4])! } == recording.steps.count)
        let outcomes = Set(rows.map { String($0[5]) })
        #expect(outcomes.isSuperset(of: ["walking", "second-bump"]), "\(outcomes)")
        for row in rows where row[3] == "1" { #expect(row[5] == "walking" && !row[6].isEmpty && Double(row[7])! >= 0.5) }
    }
}
