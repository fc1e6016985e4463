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
}
