import Foundation
import FootfallGoals
import Testing
@testable import FootfallProtocol

/// Server messages on the wire: the lines docs/protocol.md shows, byte for byte (snake_case keys,
/// sorted), and back.
struct ServerMessageTests {
    func line(_ message: ServerMessage) -> String {
        String(decoding: message.encodedLine(), as: UTF8.self)
    }

    func roundTrip(_ message: ServerMessage) throws -> ServerMessage {
        try ServerMessage.decode(line: message.encodedLine().dropLast())
    }

    @Test func statusAsTheDocumentationShowsIt() throws {
        var status = StatusMessage(
            ProgressFigures(day: day("2026-11-22"), steps: 74, goal: 10_000, progress: 0.0074, tier: .low, cadenceSpm: 78.4, walking: true),
            distanceM: 54.8, milestones: [],
            source: SourceStatus(kind: .replay, device: "SampleTraces/bangle/100_1.csv", name: "100_1", state: .up, losses: 0, rateHz: 11.92),
            hardwareSteps: nil, samplesProcessed: 669, uptimeS: 5.6)
        status.id = .number(1)
        let expected = #"{"cadence_spm":78.4,"class":"STATUS","day":"2026-11-22","distance_m":54.8,"goal":10000,"id":1,"milestones":[],"palette":"standard","progress":0.0074,"samples_processed":669,"source":{"device":"SampleTraces/bangle/100_1.csv","kind":"replay","losses":0,"name":"100_1","rate_hz":11.92,"state":"up"},"steps":74,"tier":"low","uptime_s":5.6,"walking":true}"#
        #expect(line(.status(status)) == expected + "\n")
        #expect(try roundTrip(.status(status)) == .status(status))
    }

    @Test func everyOtherClassAsTheDocumentationShowsIt() throws {
        let lines: [(ServerMessage, String)] = [
            (.version(VersionMessage(release: "0.1.0")), #"{"class":"VERSION","proto_major":1,"proto_minor":2,"release":"0.1.0"}"#),
            (.history(HistoryMessage(granularity: .day, from: day("2026-11-20"), to: day("2026-11-22"), days: [
                DayTotal(day: day("2026-11-20"), steps: 0, goal: 10_000), DayTotal(day: day("2026-11-21"), steps: 0, goal: 10_000),
                DayTotal(day: day("2026-11-22"), steps: 74, goal: 8000)])),
             #"{"class":"HISTORY","days":[{"day":"2026-11-20","goal":10000,"steps":0},{"day":"2026-11-21","goal":10000,"steps":0},{"day":"2026-11-22","goal":8000,"steps":74}],"from":"2026-11-20","granularity":"day","to":"2026-11-22"}"#),
            (.history(HistoryMessage(granularity: .minute, from: day("2026-11-22"), to: day("2026-11-22"), minutes: [
                HistoryMinute(start: 1_795_338_000, steps: 74, cadenceSpm: 80.2, source: .replay)])),
             #"{"class":"HISTORY","from":"2026-11-22","granularity":"minute","minutes":[{"cadence_spm":80.2,"source":"replay","start":1795338000,"steps":74}],"to":"2026-11-22"}"#),
            (.watch(WatchMessage(enable: true)), #"{"class":"WATCH","enable":true}"#),
            (.step(StepMessage(steps: [StepRecord(time: 1_795_338_001.084, cadenceSpm: 82.2), StepRecord(time: 1_795_338_001.154, cadenceSpm: 83.2)], total: 16)),
             #"{"class":"STEP","steps":[{"cadence_spm":82.2,"time":1795338001.084},{"cadence_spm":83.2,"time":1795338001.154}],"total":16}"#),
            (.progress(ProgressMessage(ProgressFigures(day: day("2026-11-22"), steps: 17, goal: 10_000, progress: 0.0017, tier: .low,
                                                       cadenceSpm: 82.3, walking: true))),
             #"{"cadence_spm":82.3,"class":"PROGRESS","day":"2026-11-22","goal":10000,"progress":0.0017,"steps":17,"tier":"low","walking":true}"#),
            (.milestone(MilestoneMessage(day: day("2026-11-22"), milestone: .half, steps: 4000, goal: 8000)),
             #"{"class":"MILESTONE","day":"2026-11-22","goal":8000,"milestone":"half","steps":4000}"#),
            (.goal(GoalMessage(goal: 10_000, since: nil)), #"{"class":"GOAL","goal":10000}"#),
            (.devices(DevicesMessage(devices: [DeviceRecord(backend: .replay, id: "SampleTraces/bangle/100_1.csv", name: "100_1", currentRateHz: 11.92,
                                                            mountMatrix: "1, 0, 0; 0, 1, 0; 0, 0, 1", hardwareStepCounter: false, active: true)])),
             #"{"class":"DEVICES","devices":[{"active":true,"backend":"replay","current_rate_hz":11.92,"hardware_step_counter":false,"id":"SampleTraces/bangle/100_1.csv","mount_matrix":"1, 0, 0; 0, 1, 0; 0, 0, 1","name":"100_1"}]}"#),
            (.error(ErrorMessage(ProtocolError(.badArgument, "'set' must be a whole number of steps from 1 to 1000000", id: .string("x")))),
             #"{"class":"ERROR","code":"bad-argument","id":"x","message":"'set' must be a whole number of steps from 1 to 1000000"}"#),
        ]
        for (message, expected) in lines {
            #expect(line(message) == expected + "\n")
            #expect(try roundTrip(message) == message)
        }
    }

    @Test func provisionalStepsAndThePendingCountOnTheWire() throws {
        let step = StepMessage(steps: [], total: 16, provisional: [StepRecord(time: 1_795_338_002.084, cadenceSpm: 82.2)],
                               withdrawn: 0, pending: 3)
        #expect(line(.step(step)) == #"{"class":"STEP","pending":3,"provisional":[{"cadence_spm":82.2,"time":1795338002.084}],"steps":[],"total":16,"withdrawn":0}"# + "\n")
        #expect(try roundTrip(.step(step)) == .step(step))
        let progress = ProgressMessage(ProgressFigures(day: day("2026-11-22"), steps: 17, goal: 10_000, progress: 0.0017, tier: .low,
                                                       cadenceSpm: 82.3, walking: true, pending: 14))
        #expect(line(.progress(progress)) == #"{"cadence_spm":82.3,"class":"PROGRESS","day":"2026-11-22","goal":10000,"pending":14,"progress":0.0017,"steps":17,"tier":"low","walking":true}"# + "\n")
        #expect(try roundTrip(.progress(progress)) == .progress(progress))
    }

    /// What a client of protocol minor 1 decodes a STEP and a PROGRESS as: only these members.
    struct MinorOneStep: Decodable, Equatable { var steps: [StepRecord]; var total: Int }
    struct MinorOneProgress: Decodable, Equatable { var steps: Int; var goal: Int; var walking: Bool }

    @Test func aClientOfTheLastMinorVersionReadsTheFinalCount() throws {
        // A minor-1 client reads `steps` and `total` and ignores the keys it does not know: a
        // provisional STEP is no step to it, and PROGRESS's `steps` is the final count.
        let decoder = MessageCoding.decoder()
        let step = StepMessage(steps: [], total: 16, provisional: [StepRecord(time: 1_795_338_002.084, cadenceSpm: 82.2)],
                               withdrawn: 1, pending: 3)
        let old = try decoder.decode(MinorOneStep.self, from: Data(ServerMessage.step(step).encodedLine().dropLast()))
        #expect(old == MinorOneStep(steps: [], total: 16))
        let progress = ProgressMessage(ProgressFigures(day: day("2026-11-22"), steps: 17, goal: 10_000, progress: 0.0017, tier: .low,
                                                       cadenceSpm: 82.3, walking: true, pending: 14))
        let oldProgress = try decoder.decode(MinorOneProgress.self, from: Data(ServerMessage.progress(progress).encodedLine().dropLast()))
        #expect(oldProgress == MinorOneProgress(steps: 17, goal: 10_000, walking: true))
        // And this version reads a minor-1 daemon's lines: no pending, no provisional.
        let fromMinorOne = try ServerMessage.decode(line: Array(#"{"cadence_spm":82.3,"class":"PROGRESS","day":"2026-11-22","goal":10000,"progress":0.0017,"steps":17,"tier":"low","walking":true}"#.utf8))
        guard case .progress(let read) = fromMinorOne else { Issue.record("not PROGRESS"); return }
        #expect(read.figures.pending == nil && read.figures.steps == 17)
    }

    @Test func aStatusCountedByTheChipsStepCounter() throws {
        let status = StatusMessage(
            ProgressFigures(day: day("2026-11-22"), steps: 1_204, goal: 10_000, progress: 0.1204, tier: .low, cadenceSpm: 0, walking: false),
            distanceM: 891, milestones: [],
            source: SourceStatus(kind: .hardwareSteps, device: "iio:device0", name: "bma400", state: .up, losses: 0, rateHz: nil),
            hardwareSteps: 16_777_190, samplesProcessed: 0, uptimeS: 600, hardwareStepsToday: 1_204)
        let encoded = line(.status(status))
        #expect(encoded.contains(#""kind":"hardware-steps""#))
        #expect(encoded.contains(#""hardware_steps":16777190,"hardware_steps_today":1204,"#))
        #expect(try roundTrip(.status(status)) == .status(status))
    }

    /// A newer daemon may name a source kind or state this version does not know: the message
    /// still decodes (as `unknown`), so an older `footfall status` keeps working.
    @Test func unknownSourceKindsAndStatesFromANewerDaemonDecodeAsUnknown() throws {
        let status = #"{"cadence_spm":0,"class":"STATUS","day":"2026-11-22","distance_m":0,"goal":10000,"milestones":[],"palette":"standard","progress":0,"samples_processed":0,"source":{"device":"hci0","kind":"bluetooth-band","losses":0,"name":"band","state":"pairing"},"steps":0,"tier":"low","uptime_s":1,"walking":false}"#
        guard case .status(let decoded) = try ServerMessage.decode(line: Array(status.utf8)) else {
            Issue.record("not a STATUS")
            return
        }
        #expect(decoded.source.kind == .unknown)
        #expect(decoded.source.state == .unknown)
        let devices = #"{"class":"DEVICES","devices":[{"active":true,"backend":"bluetooth-band","hardware_step_counter":true,"id":"hci0","mount_matrix":"1, 0, 0; 0, 1, 0; 0, 0, 1","name":"band"}]}"#
        guard case .devices(let list) = try ServerMessage.decode(line: Array(devices.utf8)) else {
            Issue.record("not DEVICES")
            return
        }
        #expect(list.devices.map(\.backend) == [.unknown])
        let history = #"{"class":"HISTORY","from":"2026-11-22","granularity":"minute","minutes":[{"cadence_spm":0,"source":"bluetooth-band","start":1795338000,"steps":3},{"cadence_spm":0,"source":"hardware-steps","start":1795338060,"steps":4}],"to":"2026-11-22"}"#
        guard case .history(let minutes) = try ServerMessage.decode(line: Array(history.utf8)) else {
            Issue.record("not HISTORY")
            return
        }
        #expect(minutes.minutes?.map(\.source) == [.unknown, .hardwareSteps])
        // Still strict about the type: a number is no kind.
        #expect(throws: (any Error).self) {
            try ServerMessage.decode(line: Array(#"{"class":"DEVICES","devices":[{"active":true,"backend":7,"hardware_step_counter":true,"id":"hci0","mount_matrix":"1, 0, 0; 0, 1, 0; 0, 0, 1","name":"band"}]}"#.utf8))
        }
    }

    @Test func aLineThatIsNoKnownMessageIsRefused() {
        #expect(throws: ProtocolError.self) { try ServerMessage.decode(line: Array(#"{"class":"DANCE"}"#.utf8)) }
        #expect(throws: (any Error).self) { try ServerMessage.decode(line: Array(#"{"class":"STATUS","day":"2026-02-30"}"#.utf8)) }
        #expect(throws: (any Error).self) {
            try ServerMessage.decode(line: Array(#"{"class":"MILESTONE","day":"2026-11-22","goal":8000,"milestone":"50%","steps":4000}"#.utf8))
        }
    }
}
