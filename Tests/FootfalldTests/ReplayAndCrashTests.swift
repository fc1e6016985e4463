import FootfallRandom
import Foundation
import Testing
import FootfallClient
import FootfallProtocol
import FootfallStore
import FootfallTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The daemon counts what `footfall count` counts, keeps it through SIGKILL (losing at most the
/// last second) and through a graceful stop (losing nothing), with an intact database.
@Suite(.serialized)
struct ReplayAndCrashTests {
    let walk = SampleTracesLocation.path("oxford/Samsung_Dario_Hard_InHand_1.csv")

    @Test func replayCountsWhatCountCounts() async throws {
        let daemon = try DaemonProcess()
        try await daemon.start(["--replay", walk, "--speed", "50", "--test-clock-start", "2026-06-01T12:00:00Z"])
        let finished = try await daemon.waitFor("the replay to finish") { $0.source.state == .finished }
        let expected = try offlineCount(walk)
        #expect(finished.steps == expected)
        #expect(finished.day == localDay("2026-06-01"))
        #expect(finished.source.kind == .replay)
        let samples = try TraceSampleCount.samples(walk)
        #expect(finished.samplesProcessed == samples, "every sample processed, none dropped")
        // The CLI's JSON is the daemon's STATUS.
        let cli = try daemon.footfall(["status", "--json"])
        #expect(cli.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any]
        #expect(object?["steps"] as? Int == expected)
        #expect(object?["class"] as? String == "STATUS")
        #expect(try await daemon.stop() == 0)
        // After a graceful stop every step is on disk.
        let store = try FootfallDatabase.open(directory: daemon.stateDirectory, logger: .init(label: "test"))
        #expect(try store.dayTotal(localDay("2026-06-01")) == expected)
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func sigkillLosesAtMostTheLastSecond() async throws {
        var random = SeededRandom(seed: 20261122)
        for round in 0..<3 {
            let daemon = try DaemonProcess()
            try await daemon.start(["--replay", walk, "--speed", "1", "--test-clock-start", "2026-06-01T12:00:00Z"])
            // Poll the count every 50 ms until a random moment, then kill.
            let killAfter = Double.random(in: 8...20, using: &random)
            let started = Date()
            var seen: [(at: Date, steps: Int)] = []
            while Date().timeIntervalSince(started) < killAfter {
                if let status = try? await daemon.status() { seen.append((Date(), status.steps)) }
                try await Task.sleep(for: .milliseconds(50))
            }
            try await daemon.killHard()
            let killedAt = Date()
            let beforeKill = seen.last?.steps ?? 0
            let secondBefore = seen.last { killedAt.timeIntervalSince($0.at) >= 1.05 }?.steps ?? 0
            let store = try FootfallDatabase.open(directory: daemon.stateDirectory, logger: .init(label: "test"))
            #expect(try store.integrityCheck() == ["ok"])
            let kept = try store.dayTotal(localDay("2026-06-01"))
            #expect(kept >= secondBefore, "round \(round): \(kept) kept, \(secondBefore) filed a second before the kill")
            #expect(kept <= beforeKill + 3, "round \(round): nothing counted twice")
            try store.close()
            // A restart resumes today's total (a still trace adds nothing).
            try await daemon.start(["--replay", SampleTracesLocation.path("synthetic/still-25hz.csv"), "--speed", "50",
                                    "--test-clock-start", "2026-06-01T12:10:00Z"])
            #expect(try await daemon.status().steps == kept)
            try await daemon.stop()
        }
    }
}

/// Counts a trace's samples (what the daemon should have processed).
enum TraceSampleCount {
    static func samples(_ path: String) throws -> Int {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").count - 1
    }
}

