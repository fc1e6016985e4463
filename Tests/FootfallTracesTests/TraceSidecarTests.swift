import Foundation
import Testing
import FootfallTestSupport
@testable import FootfallTraces

/// Sidecars: the shared datasets' format, read and written; bad ones refused with a reason.
struct TraceSidecarTests {
    let fixture: TraceFixture
    init() throws { fixture = try TraceFixture() }

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
        _ = try fixture.file("broken.json", "{\"steps\": 12,")
        do {
            _ = try Trace.load(path: trace)
            Issue.record("a broken sidecar was accepted")
        } catch {
            guard case .badSidecar = error.reason else { Issue.record("got \(error.reason)"); return }
            #expect(error.path.hasSuffix("broken.json"))
        }
    }

    @Test func sidecarWithAWrongType() throws {
        let trace = try fixture.file("typed.csv", "t,ax,ay,az\n0,0,0,9.8\n")
        _ = try fixture.file("typed.json", "{\"steps\": \"twelve\"}")
        do {
            _ = try TraceSidecar.load(besideTrace: trace)
            Issue.record("a mistyped sidecar was accepted")
        } catch {
            #expect(error.description.contains("steps"))
        }
    }

    @Test func sidecarThatContradictsItself() throws {
        let trace = try fixture.file("liar.csv", "t,ax,ay,az\n0,0,0,9.8\n")
        _ = try fixture.file("liar.json", "{\"steps\": 3, \"step_times\": [1.0, 2.0]}")
        do {
            _ = try TraceSidecar.load(besideTrace: trace)
            Issue.record("an inconsistent sidecar was accepted")
        } catch {
            #expect(error.reason == .badSidecar("'steps' is 3 but 'step_times' lists 2"))
        }
    }

    @Test func unknownActivityIsRefused() throws {
        let trace = try fixture.file("dance.csv", "t,ax,ay,az\n0,0,0,9.8\n")
        _ = try fixture.file("dance.json", "{\"activity\": \"dancing\"}")
        #expect(throws: TraceError.self) { try TraceSidecar.load(besideTrace: trace) }
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
        let trace = try fixture.file("backwards.csv", "t,ax,ay,az\n0,0,0,9.8\n")
        _ = try fixture.file("backwards.json", "{\"walks\": [{\"start\": 5, \"end\": 4, \"steps\": 2}]}")
        do {
            _ = try TraceSidecar.load(besideTrace: trace)
            Issue.record("a walk ending before it starts was accepted")
        } catch {
            #expect(error.reason == .badSidecar("a walk in 'walks' ends before it starts or has no steps"))
        }
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
        let trace = try fixture.file("hop.csv", "t,ax,ay,az\n0,0,0,9.8\n")
        _ = try fixture.file("hop.json", "{\"segments\": [{\"label\": \"hopping\", \"start\": 0, \"end\": 1}]}")
        do {
            _ = try TraceSidecar.load(besideTrace: trace)
            Issue.record("an unknown segment label was accepted")
        } catch {
            #expect(error.description.contains("unknown segment label 'hopping'"))
            #expect(error.description.contains("sitting-down"))
        }
    }

    @Test func aSegmentThatEndsBeforeItStartsIsRefused() throws {
        let trace = try fixture.file("rewind.csv", "t,ax,ay,az\n0,0,0,9.8\n")
        _ = try fixture.file("rewind.json", "{\"segments\": [{\"label\": \"seated\", \"start\": 0, \"end\": 1}, {\"label\": \"walking\", \"start\": 3, \"end\": 2}]}")
        do {
            _ = try TraceSidecar.load(besideTrace: trace)
            Issue.record("a segment ending before it starts was accepted")
        } catch {
            #expect(error.reason == .badSidecar("segment 1 in 'segments' ends before it starts"))
        }
    }
}
