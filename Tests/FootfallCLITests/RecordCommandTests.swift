import Foundation
import Testing
import FootfallTestSupport

/// `footfall record`'s arguments, checked before any device is opened (recording itself needs
/// an accelerometer: FootfallHardwareTests).
struct RecordCommandTests {
    @Test func aPlacementIsOneTheDetectorKnows() throws {
        let result = try FootfallProcess.run(["record", "-o", "/tmp/never-written.csv", "--placement", "front-pocket"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("'wrist', 'body' or 'unknown'"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.csv"))
    }

    /// The file is -o/--output as in every command that writes one; --out, its old name, still
    /// answers, unlisted.
    @Test func theFileIsOutputAndEndsInCSV() throws {
        for arguments in [["-o", "/tmp/walk.txt"], ["--output", "/tmp/walk.txt"], ["--out", "/tmp/walk.txt"]] {
            let result = try FootfallProcess.run(["record"] + arguments)
            #expect(result.status == 64 && result.stderr.contains("-o/--output must end in .csv"), "\(arguments): \(result.stderr)")
        }
        let nowhere = try FootfallProcess.run(["record", "--duration", "1"])
        #expect(nowhere.status == 64 && nowhere.stderr.contains("Give the CSV file to write with -o/--output"), "\(nowhere.stderr)")
        let help = try FootfallProcess.run(["record", "--help"]).stdout
        #expect(help.contains("USAGE: footfall record -o <file.csv>") && !help.contains("--out "), "\(help)")
    }
}
