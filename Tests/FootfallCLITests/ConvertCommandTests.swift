import Foundation
import Testing
import FootfallTestSupport

/// `footfall convert`, run as a process: where it writes.
struct ConvertCommandTests {
    /// -o writes a file, or standard output for -; the output as a second argument (its old
    /// spelling) writes the same file.
    @Test func theTraceGoesWhereOutputSays() throws {
        let folder = NSTemporaryDirectory() + "footfall-convert-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recording = SampleTracesLocation.path("devices/ax3_sample.cwa")
        let toFile = try FootfallProcess.run(["convert", recording, "-o", folder + "/new.csv"])
        #expect(toFile.status == 0 && toFile.stdout.isEmpty, "\(toFile.stderr)")
        let written = try String(contentsOfFile: folder + "/new.csv", encoding: .utf8)
        #expect(written.hasPrefix("t,ax,ay,az\n") && written.split(separator: "\n").count > 1000)
        #expect(try FootfallProcess.run(["convert", recording, "--output", "-"]).stdout == written)
        #expect(try FootfallProcess.run(["convert", recording, folder + "/old.csv"]).status == 0)
        #expect(try String(contentsOfFile: folder + "/old.csv", encoding: .utf8) == written)
        let nowhere = try FootfallProcess.run(["convert", recording])
        #expect(nowhere.status == 64 && nowhere.stderr.contains("-o/--output"), "\(nowhere.stderr)")
    }
}
