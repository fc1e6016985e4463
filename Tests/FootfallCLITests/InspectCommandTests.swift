import Foundation
import Testing
import FootfallTestSupport

/// `footfall inspect`, run as a process on files real devices wrote (SampleTraces/devices) and
/// a phone export: what each file is, its device, rate, span and channels, as text and JSON.
struct InspectCommandTests {
    @Test func saysWhatAnAX6FileHoldsAndWhatIsRead() throws {
        let file = SampleTracesLocation.path("devices/ax6_sample.cwa")
        let result = try FootfallProcess.run(["inspect", file])
        #expect(result.status == 0)
        #expect(result.stdout == """
            \(file):
              format      Axivity CWA (133,632 bytes)
              device      AX6 #6011802, session 0
              configured  100 Hz, ±16 g
              channels    accelerometer x, y, z (read); gyroscope, light, temperature (not read)
              samples     10,360 at 98.41 Hz
              span        1 min 45 s (2019-10-29 09:03:06 to 2019-10-29 09:04:51, the file's clock)

            """)
    }

    @Test func jsonGivesTheSameForEachFile() throws {
        let files = ["devices/gnactv_sample.bin", "bangle/100_1.csv"].map(SampleTracesLocation.path)
        let result = try FootfallProcess.run(["inspect", "--json"] + files)
        #expect(result.status == 0)
        let objects = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 2)
        #expect(objects[0]["format"] as? String == "geneActiv")
        #expect(objects[0]["device"] as? String == "GENEActiv #051386")
        #expect(objects[0]["placement"] as? String == "back")
        #expect(objects[1]["placement"] == nil)
        #expect(objects[0]["channels"] as? [String] == ["accelerometer", "light", "temperature", "button"])
        #expect(objects[0]["samples"] as? Int == 900)
        #expect(objects[1]["format"] as? String == "delimited")
        #expect(objects[1]["channels"] as? [String] == ["accelerometer"])
        #expect(objects[1]["columns"] is [String])
    }

    @Test func aFileThatIsNoRecordingIsNamedAndTheOthersStillInspected() throws {
        let readme = SampleTracesLocation.path("README.md")
        let good = SampleTracesLocation.path("devices/ax3_sample.cwa")
        let result = try FootfallProcess.run(["inspect", readme, good])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("footfall: \(readme)"))
        #expect(result.stdout.contains("AX3 #51888, session 1020030004"))
    }
}
