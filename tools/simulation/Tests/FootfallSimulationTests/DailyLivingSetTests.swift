import Foundation
import Testing
import FootfallTraces
import FootfallSimulation

/// The daily-living set is cut from the shared datasets, which CI and a user's clone may not
/// have: these tests run where ../shared/datasets is, and skip cleanly elsewhere.
struct DailyLivingSetTests {
    static let datasets: String = {
        // Beside the repository: up from tools/simulation/Tests/FootfallSimulationTests/.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<6 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared/datasets").path
    }()
    static var available: Bool { FileManager.default.fileExists(atPath: datasets + "/ipol-lowerback") }

    func build(seed: UInt64 = 1) throws -> [DailyLivingTrace] {
        var set = DailyLivingSet(datasets: Self.datasets)
        set.seed = seed
        set.only = ["ipol-lowerback/ipol-1-1", "ipol-lowerback/ipol-2-1", "oxford-phone/Samsung_Carmelo_Hard_NeckPouch_2"]
        return try set.build()
    }

    @Test(.enabled(if: available, "../shared/datasets is not here"))
    func sameSeedSameTraces() throws {
        let a = try build(), b = try build()
        #expect(a.count >= 2)
        #expect(a.map(\.samples) == b.map(\.samples))
        #expect(a.map(\.steps) == b.map(\.steps))
        #expect(try build(seed: 2).map(\.steps) != a.map(\.steps))
    }

    @Test(.enabled(if: available, "../shared/datasets is not here"))
    func truthIsCarriedWalkByWalk() throws {
        for trace in try build() {
            let first = try #require(trace.samples.first).time, last = try #require(trace.samples.last).time
            #expect(trace.steps == trace.steps.sorted(), "\(trace.name): steps in order")
            #expect(trace.steps.allSatisfy { $0 > first && $0 < last }, "\(trace.name): every step inside the trace")
            #expect(trace.walks.reduce(0) { $0 + $1.steps } == trace.steps.count, "\(trace.name): every step in one walk")
            for walk in trace.walks {
                #expect(walk.steps >= 3 && walk.steps <= 40)
                let inside = trace.steps.filter { $0 >= walk.start && $0 <= walk.end }.count
                #expect(inside == walk.steps)
            }
            // Samples in time order, from one device's clock.
            #expect(zip(trace.samples.dropFirst(), trace.samples).allSatisfy { $0.time > $1.time })
        }
    }

    @Test func withoutTheDatasetsThereIsNothingToCut() throws {
        let set = DailyLivingSet(datasets: "/nonexistent")
        #expect(try set.build().isEmpty)
    }
}
