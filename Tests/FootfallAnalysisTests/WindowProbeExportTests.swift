import Foundation
import Testing
import FootfallDetection
import FootfallTestSupport
@testable import FootfallAnalysis

/// The stretches the walking model learns from: one row per stretch, the header's columns,
/// and on a real walk nearly every stretch has a walk's gaps.
struct WindowProbeExportTests {
    @Test func aRealWalkGivesARowPerStretch() throws {
        let trace = SampleTracesLocation.path("oxford/Samsung_Dario_Hard_InHand_1.csv")
        let text = try WindowProbeExport.rows(for: BenchRecording(tracePath: trace, folderName: "oxford"),
                                              configuration: .default)
        let rows = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let columns = WindowProbeExport.header.split(separator: ",").count
        #expect(columns == 8 + WalkingFeatures.count)
        // Two stretches (4 and 8 steps) per strong candidate once eight have come: about 2 x 278.
        #expect(rows.count > 450 && rows.count < 600)
        #expect(rows.allSatisfy { $0.count == columns })
        #expect(rows.allSatisfy { $0[1] == "oxford-phone" && $0[2] == "Dario" })
        let even = rows.filter { $0[5] == "1" }.count
        #expect(Double(even) > 0.9 * Double(rows.count))
        #expect(Set(rows.map { $0[4] }) == ["4", "8"])
    }
}
