import FootfallRandom
import Foundation
import Testing
import FootfallGoals
import FootfallStore

/// SIGKILL at random moments while a real process writes: the file stays sound and holds every
/// batch the writer saw committed, plus at most the one it was writing.
struct CrashSafetyTests {
    /// The helper beside the test bundle in the build folder.
    static let helper: URL = {
        var url = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("footfall-store-crash-helper")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: "footfall-store-crash-helper")
    }()

    /// What the helper said before it was killed.
    struct Report {
        /// The last total it saw committed ("ready" or "committed"), if it got that far.
        var committed: Int?
        /// The steps of the batch it was writing after that, if any.
        var pending = 0
        /// How many batches it saw committed.
        var batches = 0

        init(_ output: String) {
            for line in output.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard words.count == 2, let value = Int(words[1]) else { continue }
                switch words[0] {
                case "ready": committed = value; pending = 0
                case "committed": committed = value; pending = 0; batches += 1
                case "pending": pending = value
                default: break
                }
            }
        }
    }

    @Test func sigkillAtRandomMomentsLosesAtMostTheBatchInFlight() async throws {
        let fixture = try StoreFixture()
        var random = SeededRandom(seed: 0xF007_FA11)
        var total = 0
        var batches = 0
        for round in 0..<16 {
            let child = Process()
            child.executableURL = Self.helper
            child.arguments = [fixture.directory, String(random.next())]
            let output = Pipe(), errors = Pipe()
            child.standardOutput = output
            child.standardError = errors
            try child.run()
            // From before the store is open (round 0: while the file is created and migrated)
            // to well into the writing.
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...250, using: &random)))
            kill(child.processIdentifier, SIGKILL)
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            #expect(child.terminationReason == .uncaughtSignal, "round \(round): \(complaints)")
            #expect(complaints.isEmpty, "round \(round)")

            let report = Report(said)
            let committed = report.committed ?? total
            batches += report.batches

            let store = try fixture.open()
            #expect(try store.integrityCheck() == ["ok"], "round \(round)")
            let found = try store.lifetimeTotal()
            #expect(found == committed || found == committed + report.pending,
                    "round \(round): found \(found), committed \(committed), pending \(report.pending)")
            // Minutes and day totals were written in the same transactions: they agree.
            #expect(try store.minutes(from: 0, to: .max).reduce(0) { $0 + $1.steps } == found, "round \(round)")
            #expect(try store.days(from: localDay("0001-01-01"), to: localDay("9999-12-31")).reduce(0) { $0 + $1.steps } == found)
            #expect(try store.milestones(day: localDay("2026-11-22")).count <= 5)
            total = found
        }
        // The kills struck while batches were being written, not only before the first.
        #expect(batches >= 30, "only \(batches) batches committed in all rounds")
    }
}
