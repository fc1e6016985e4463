import Foundation
import Testing
import FootfallAnalysis
import FootfallDetection
import FootfallTestSupport

/// The detector's settings for a run or a study, and the configuration they give a recording.
struct DetectorSettingsTests {
    @Test func aPlacementGivenIsEveryRecordingsAndNoneTakesTheRecordingsOwn() throws {
        // SampleTraces' GENEActiv file says it was worn on the back.
        let geneActiv = SampleTracesLocation.path("devices/gnactv_sample.bin")
        #expect(try DetectorSettings().configuration(forRecording: geneActiv).placement == .body)
        #expect(try DetectorSettings(placement: .wrist).configuration(forRecording: geneActiv).placement == .wrist)
        #expect(try DetectorSettings().configuration(forRecording: SampleTracesLocation.path("devices/ax3_sample.cwa")).placement == .unknown)
    }

    @Test func aModelFileOrAnOverrideThatCannotBeUsedIsAProblem() {
        #expect(throws: DetectorSettings.Problem.self) { try DetectorSettings(walkingModel: "/nonexistent/model.json").configuration() }
        #expect(throws: DetectorSettings.Problem.self) { try DetectorSettings(overrides: ["noSuchTunable=1"]).configuration() }
    }

    @Test func settingsSurviveAStudysFile() throws {
        let settings = DetectorSettings(placement: .wrist, walkingModel: "/models/fold-1.json", overrides: ["a=1"])
        #expect(try JSONDecoder().decode(DetectorSettings.self, from: JSONEncoder().encode(settings)) == settings)
    }
}
