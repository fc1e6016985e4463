import Testing
import FootfallAnalysis

/// What a request for a synthetic trace may ask: the checks `footfall synth` and the
/// development sets' `gesture` command share.
struct SyntheticTraceTests {
    @Test func aRequestWithinTheLimitsHasNoProblem() {
        #expect(SyntheticTrace.problem(rateHz: 12.5, duration: 60, output: "walk.csv") == nil)
        #expect(SyntheticTrace.problem(rateHz: 400, duration: 2_592_000, output: "/tmp/a.csv") == nil)
        #expect(SyntheticTrace.ratesText == "12.5 to 400")
    }

    @Test(arguments: [(12.4, 60.0, "w.csv", "--rate"), (400.1, 60, "w.csv", "--rate"), (.nan, 60, "w.csv", "--rate"),
                      (50, 0, "w.csv", "--duration"), (50, 2_592_001, "w.csv", "--duration"), (50, .nan, "w.csv", "--duration"),
                      (50, 60, "w.json", ".csv"), (50, 60, "w", ".csv")])
    func eachLimitIsNamed(rate: Double, duration: Double, output: String, named: String) {
        let problem = SyntheticTrace.problem(rateHz: rate, duration: duration, output: output)
        #expect(problem?.contains(named) == true, "\(rate) Hz, \(duration) s, \(output): \(problem ?? "no problem")")
    }
}
