import Foundation
import Testing
import FootfallAnalysis
import FootfallDetection
import FootfallTestSupport
import FootfallTraces

/// The placement a recording is counted at, from its sidecar.
struct DetectorConfigurationSidecarTests {
    /// Counts a copy of SampleTraces' three minutes of real clapping at the wrist (WISDM's
    /// watch) beside a sidecar naming `placement` and `device`, as `footfall count` does.
    func clappingCounted(placement: String, device: String) throws -> (Placement, Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("placement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("clapping.csv.gz").path
        try FileManager.default.copyItem(atPath: SampleTracesLocation.path("wisdm/1604_clapping.csv.gz"), toPath: trace)
        let sidecar = try JSONSerialization.data(withJSONObject: ["activity": "non-walking", "steps": 0,
                                                                  "placement": placement, "device": device])
        try sidecar.write(to: folder.appendingPathComponent("clapping.json"))
        let configuration = try DetectorConfiguration.default.atPlacement(ofTrace: trace)
        return (configuration.placement, try TraceCount.run(path: trace, configuration: configuration).steps)
    }

    @Test func aWatchWornOnTheDominantHandIsCountedAsAtTheWrist() throws {
        // WISDM's own papers say the watch was worn on the dominant hand. (What the body's
        // policy makes of the same motion: BenchCommandTests counts a drive both ways.)
        let (placement, steps) = try clappingCounted(placement: "dominant hand", device: "smartwatch (Android Wear)")
        #expect(placement == .wrist)
        #expect(steps == 0)
        let (asPhone, _) = try clappingCounted(placement: "dominant hand", device: "phone")
        #expect(asPhone == .body)
    }

    @Test func aGENEActivFileIsCountedWhereItsHeaderSaysItWasWorn() throws {
        // A real GENEActiv file (worn on the back), and the same with its location code made a
        // wrist: without a sidecar, each is counted where its header says; a sidecar's
        // placement comes first.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("geneactiv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let back = SampleTracesLocation.path("devices/gnactv_sample.bin")
        #expect(try DetectorConfiguration.default.atPlacement(ofTrace: back).placement == .body)
        let text = try String(contentsOfFile: back, encoding: .utf8)
        #expect(text.contains("Device Location Code:back"))
        let wrist = folder.appendingPathComponent("wrist.bin")
        try text.replacingOccurrences(of: "Device Location Code:back", with: "Device Location Code:left wrist")
            .write(to: wrist, atomically: true, encoding: .utf8)
        #expect(try DetectorConfiguration.default.atPlacement(ofTrace: wrist.path).placement == .wrist)
        try JSONSerialization.data(withJSONObject: ["placement": "front pocket"]).write(to: folder.appendingPathComponent("wrist.json"))
        #expect(try DetectorConfiguration.default.atPlacement(ofTrace: wrist.path).placement == .body)
    }
}
