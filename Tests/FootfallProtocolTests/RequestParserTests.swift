import FootfallGoals
import Testing
@testable import FootfallProtocol

/// Request lines: every command, ids echoed, and every refusal with its code.
struct RequestParserTests {
    func parse(_ line: String) throws(ProtocolError) -> RequestEnvelope {
        try RequestParser.parse(Array(line.utf8))
    }

    @Test func everyCommand() throws {
        #expect(try parse(#"{"cmd":"status"}"#) == RequestEnvelope(.status))
        #expect(try parse(#"{"cmd":"devices"}"#) == RequestEnvelope(.devices))
        #expect(try parse(#"{"cmd":"version"}"#) == RequestEnvelope(.version))
        #expect(try parse(#"{"cmd":"watch"}"#) == RequestEnvelope(.watch(true)))
        #expect(try parse(#"{"cmd":"watch","enable":false}"#) == RequestEnvelope(.watch(false)))
        #expect(try parse(#"{"cmd":"goal"}"#) == RequestEnvelope(.goal(set: nil)))
        #expect(try parse(#"{"cmd":"goal","set":8000}"#) == RequestEnvelope(.goal(set: 8000)))
        #expect(try parse(#"{"cmd":"history"}"#) == RequestEnvelope(.history(.init())))
        #expect(try parse(#"{"cmd":"history","granularity":"minute","from":"2026-11-20","to":"2026-11-22"}"#)
                == RequestEnvelope(.history(.init(granularity: .minute, from: day("2026-11-20"), to: day("2026-11-22")))))
        #expect(try parse(#"{"cmd":"history","days":14}"#) == RequestEnvelope(.history(.init(days: 14))))
    }

    @Test func idsAreEchoedAsGiven() throws {
        #expect(try parse(#"{"cmd":"status","id":1}"#).id == .number(1))
        #expect(try parse(#"{"cmd":"status","id":"a"}"#).id == .string("a"))
        #expect(try parse(#"{"cmd":"status","id":null}"#).id == nil)
        #expect(throws: ProtocolError(.badArgument, "'id' must be a string or a number")) { try parse(#"{"cmd":"status","id":[1]}"#) }
    }

    @Test(arguments: [
        ("not json", ProtocolError.Code.badJSON), ("[1,2]", .badJSON), ("", .badJSON),
        (#"{"nocmd":1}"#, .unknownCommand), (#"{"cmd":"dance"}"#, .unknownCommand), (#"{"cmd":7}"#, .unknownCommand),
        (#"{"cmd":"watch","enable":"yes"}"#, .badArgument),
        (#"{"cmd":"goal","set":0}"#, .badArgument), (#"{"cmd":"goal","set":1000001}"#, .badArgument), (#"{"cmd":"goal","set":2.5}"#, .badArgument),
        (#"{"cmd":"history","granularity":"hour"}"#, .badArgument), (#"{"cmd":"history","days":0}"#, .badArgument),
        (#"{"cmd":"history","days":36601}"#, .badArgument), (#"{"cmd":"history","from":"yesterday"}"#, .badArgument),
        (#"{"cmd":"history","from":"2026-11-20","days":3}"#, .badArgument),
        (#"{"cmd":"history","from":"2026-11-22","to":"2026-11-20"}"#, .badArgument),
    ])
    func refusals(line: String, code: ProtocolError.Code) {
        #expect(throws: ProtocolError.self) { try parse(line) }
        do {
            _ = try parse(line)
        } catch {
            #expect(error.code == code, "\(line): \(error)")
        }
    }

    /// A day is checked by LocalDay, the one rule for days: one that does not exist is refused
    /// here, with the argument's name, not later by the store.
    @Test(arguments: ["2026-02-30", "2026-13-01", "2026-1-01", "1969-12-31", "26-11-22"])
    func aDayMustExistAndBeFrom1970(text: String) {
        #expect(throws: ProtocolError(.badArgument, "'from' must be a day as \"YYYY-MM-DD\"")) {
            try parse(#"{"cmd":"history","from":"\#(text)"}"#)
        }
        #expect(Request.HistoryQuery.day(text) == nil)
    }

    @Test func anErrorCarriesTheRequestsId() {
        do {
            _ = try parse(#"{"cmd":"goal","set":-5,"id":"x"}"#)
            Issue.record("accepted")
        } catch {
            #expect(error == ProtocolError(.badArgument, "'set' must be a whole number of steps from 1 to 1000000", id: .string("x")))
        }
    }

    @Test func anEncodedRequestParsesBackToItself() throws {
        let requests: [Request] = [.status, .devices, .version, .watch(false), .goal(set: 1), .goal(set: nil),
                                   .history(.init(granularity: .minute, from: day("2026-01-31"), to: day("2026-02-01"))),
                                   .history(.init(days: 36_600))]
        for request in requests {
            let line = request.encodedLine(id: .string("r"))
            #expect(line.last == 10)
            #expect(try RequestParser.parse(line.dropLast()) == RequestEnvelope(request, id: .string("r")))
        }
    }
}
