import Foundation
import Testing
import FootfallTestSupport
@testable import FootfallTraces

/// Sidecars: the shared datasets' format, read and written; bad ones refused with a reason.
struct TraceSidecarTests {
    let fixture: TraceFixture
    init() throws { fixture = try TraceFixture() }

    /// Writes a trace NAME.csv and `json` as its sidecar NAME.json, loads the sidecar beside the
    /// trace and returns the sidecar's path and the error the load throws.
    func refusal(_ name: String, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (path: String, error: TraceError) {
        let trace = try fixture.file(name + ".csv", "t,ax,ay,az\n0,0,0,9.8\n")
        let path = try fixture.file(name + ".json", json)
        do {
            _ = try TraceSidecar.load(besideTrace: trace)
        } catch {
            return (path, error)
        }
        Issue.record("the sidecar \(json) was accepted", sourceLocation: sourceLocation)
        return (path, TraceError(path: path, reason: .empty))
    }

    /// The detail of a `badSidecar` error, or nil for any other reason.
    func badSidecarDetail(_ error: TraceError) -> String? {
        guard case .badSidecar(let detail) = error.reason else { return nil }
        return detail
    }

    @Test func readsTheSharedFormat() throws {
        let path = SampleTracesLocation.path("oxford/Samsung_Dario_Hard_InHand_1.csv")
        let sidecar = try #require(try TraceSidecar.load(besideTrace: path))
        #expect(sidecar.steps == 277)
        #expect(sidecar.stepTimes?.count == 277)
        #expect(sidecar.stepTimeTolerance == 0.25)
        #expect(sidecar.activity == .walking)
        #expect(sidecar.license == "CC-BY-4.0")
    }

    @Test func aTraceWithoutSidecarHasNoTruth() throws {
        let trace = try fixture.file("lonely.csv", "t,ax,ay,az\n0,0,0,9.8\n")
        #expect(try TraceSidecar.load(besideTrace: trace) == nil)
        #expect(try Trace.load(path: trace).sidecar == nil)
    }

    @Test func sidecarThatDoesNotParse() throws {
        let trace = try fixture.file("broken.csv", "t,ax,ay,az\n0,0,0,9.8\n")
        let path = try fixture.file("broken.json", "{\"steps\": 12,")
        do {
            _ = try Trace.load(path: trace)
            Issue.record("a broken sidecar was accepted")
        } catch {
            // The sidecar is named, not the trace; JSONDecoder says why (its own words).
            #expect(error.path == path)
            #expect(error.line == nil && error.offset == nil)
            let detail = try #require(badSidecarDetail(error), "got \(error.reason)")
            #expect(detail.contains("not valid JSON"))
            #expect(error.description == "\(path): the sidecar JSON is not valid: \(detail)")
        }
    }

    @Test func sidecarWithAWrongType() throws {
        let (path, error) = try refusal("typed", "{\"steps\": \"twelve\"}")
        #expect(error.path == path)
        let detail = try #require(badSidecarDetail(error), "got \(error.reason)")
        // What was expected, what was found, and where.
        #expect(detail.contains("Int") && detail.contains("string"))
        #expect(detail.hasSuffix(" at 'steps'"))
    }

    @Test func sidecarThatContradictsItself() throws {
        let (path, error) = try refusal("liar", "{\"steps\": 3, \"step_times\": [1.0, 2.0]}")
        #expect(error.path == path)
        #expect(error.reason == .badSidecar("'steps' is 3 but 'step_times' lists 2"))
        #expect(error.description == "\(path): the sidecar JSON is not valid: 'steps' is 3 but 'step_times' lists 2")
    }

    @Test func unknownActivityIsRefused() throws {
        let (path, error) = try refusal("dance", "{\"activity\": \"dancing\"}")
        #expect(error.path == path)
        let detail = try #require(badSidecarDetail(error), "got \(error.reason)")
        // The value refused, and the field it was in.
        #expect(detail.contains("dancing"))
        #expect(detail.hasSuffix(" at 'activity'"))
    }

    @Test func aSidecarThatCannotBeReadSaysWhy() throws {
        #expect(throws: TraceError(path: fixture.folder + "/none.json", reason: .unreadable("no such file or directory"))) {
            try TraceSidecar.load(path: fixture.folder + "/none.json")
        }
        #expect(throws: TraceError(path: fixture.folder, reason: .unreadable("it is a directory"))) {
            try TraceSidecar.load(path: fixture.folder)
        }
    }

    @Test func roundTrips() throws {
        var sidecar = TraceSidecar(steps: 2, stepTimes: [0.5, 1.0], stepTimeTolerance: 0.25, activity: .mixed,
                                   placement: "wrist", device: "test", sampleRateHz: 50)
        sidecar.recordedAt = "2026-11-22T10:00:00Z"
        let path = try fixture.file("round.json", try sidecar.encoded())
        #expect(try TraceSidecar.load(path: path) == sidecar)
    }

    @Test func walksAndLabelRoundTrip() throws {
        var sidecar = TraceSidecar(steps: 3, stepTimes: [1, 1.5, 2], activity: .walking)
        sidecar.walks = [TraceSidecar.Walk(start: 1, end: 2, steps: 3)]
        sidecar.label = "combing"
        let path = try fixture.file("walks.json", try sidecar.encoded())
        let read = try TraceSidecar.load(path: path)
        #expect(read == sidecar)
        #expect(read.walks?.first?.steps == 3)
    }

    @Test func aWalkThatEndsBeforeItStartsIsRefused() throws {
        let (path, error) = try refusal("backwards", "{\"walks\": [{\"start\": 5, \"end\": 4, \"steps\": 2}]}")
        #expect(error.path == path)
        #expect(error.reason == .badSidecar("a walk in 'walks' ends before it starts or has no steps"))
    }

    @Test func segmentsRoundTripAndStayAbsentWhenAbsent() throws {
        var sidecar = TraceSidecar(activity: .mixed, placement: "wrist")
        sidecar.segments = [TraceSidecar.Segment(label: .seated, start: 0, end: 1.5),
                            TraceSidecar.Segment(label: .standingUp, start: 1.5, end: 2.5),
                            TraceSidecar.Segment(label: .walking, start: 2.5, end: 6)]
        let path = try fixture.file("tug.json", try sidecar.encoded())
        let read = try TraceSidecar.load(path: path)
        #expect(read == sidecar)
        #expect(String(decoding: try sidecar.encoded(), as: UTF8.self).contains("\"standing-up\""))
        #expect(!String(decoding: try TraceSidecar(steps: 1).encoded(), as: UTF8.self).contains("segments"))
    }

    @Test func anUnknownSegmentLabelIsRefusedByName() throws {
        let (path, error) = try refusal("hop", "{\"segments\": [{\"label\": \"hopping\", \"start\": 0, \"end\": 1}]}")
        #expect(error.path == path)
        #expect(error.reason == .badSidecar(
            "unknown segment label 'hopping' (known: seated, standing-up, walking, turning, sitting-down) at 'segments.0.label'"))
    }

    @Test func aSegmentThatEndsBeforeItStartsIsRefused() throws {
        let (path, error) = try refusal(
            "rewind", "{\"segments\": [{\"label\": \"seated\", \"start\": 0, \"end\": 1}, {\"label\": \"walking\", \"start\": 3, \"end\": 2}]}")
        #expect(error.path == path)
        #expect(error.reason == .badSidecar("segment 1 in 'segments' ends before it starts"))
    }
}
