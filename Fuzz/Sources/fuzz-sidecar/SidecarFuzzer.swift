import Foundation
import FootfallTraces
import FuzzSupport

/// The fuzz target for `TraceSidecar.parse`.
///
/// Bad JSON or an inconsistent sidecar must be refused with a `TraceError`. An accepted one
/// must be consistent (steps not negative and matching the step times, every step time
/// finite, a positive tolerance) and must survive `encoded()` and a second parse unchanged.
func fuzzSidecar(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let json = Data(UnsafeBufferPointer(start: data, count: size))
    let sidecar: TraceSidecar
    do {
        sidecar = try TraceSidecar.parse(json, path: "fuzz.json")
    } catch {
        return 0
    }
    if let steps = sidecar.steps { check(steps >= 0, "accepted negative steps") }
    if let times = sidecar.stepTimes {
        check(times.allSatisfy(\.isFinite), "accepted a step time that is not finite")
        if let steps = sidecar.steps { check(times.count == steps, "accepted \(steps) steps with \(times.count) times") }
    }
    if let tolerance = sidecar.stepTimeTolerance { check(tolerance > 0, "accepted a tolerance of \(tolerance)") }
    let encoded: Data
    do {
        encoded = try sidecar.encoded()
    } catch {
        fail("an accepted sidecar does not encode: \(error)")
    }
    do {
        let again = try TraceSidecar.parse(encoded, path: "again.json")
        check(again == sidecar, "changed by a round trip: \(sidecar) became \(again)")
    } catch {
        fail("an encoded sidecar is refused: \(error)\n\(String(decoding: encoded, as: UTF8.self))")
    }
    return 0
}
