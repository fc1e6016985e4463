import FootfallProtocol
import FuzzSupport

/// The fuzz target for `RequestParser.parse`.
///
/// A bad line must be refused with a `ProtocolError`. An accepted request must come back
/// unchanged from `encodedLine(id:)` and a second parse, and that encoded line must be one
/// line: exactly one newline, at its end, since the framing splits on newlines.
func fuzzRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let line = UnsafeBufferPointer(start: data, count: size)
    let envelope: RequestEnvelope
    do {
        envelope = try RequestParser.parse(line)
    } catch {
        return 0
    }
    if case .history(let query) = envelope.request {
        if let from = query.from { check(Request.HistoryQuery.day(from.description) == from, "from \(from)") }
        if let to = query.to { check(Request.HistoryQuery.day(to.description) == to, "to \(to)") }
        if let days = query.days { check((1...Request.HistoryQuery.maximumDays).contains(days), "days \(days)") }
        if let from = query.from, let to = query.to { check(from <= to, "from \(from) after to \(to)") }
        check(query.from == nil || query.days == nil, "both from and days")
    }
    if case .goal(let set?) = envelope.request { check((1...1_000_000).contains(set), "goal \(set)") }
    let encoded = envelope.request.encodedLine(id: envelope.id)
    check(encoded.last == 10 && encoded.count { $0 == 10 } == 1, "not one line: \(String(decoding: encoded, as: UTF8.self).debugDescription)")
    do {
        let again = try RequestParser.parse(encoded.dropLast())
        check(again == envelope, "changed by a round trip: \(envelope) became \(again)")
    } catch {
        fail("an encoded request is refused: \(error): \(String(decoding: encoded, as: UTF8.self))")
    }
    return 0
}
