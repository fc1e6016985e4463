import Foundation
import FootfallAnalysis
import FootfallCohort
import Testing

/// Plans from folders and manifests, and plans added to.
struct StudyPlannerTests {
    @Test func aFolderTreeGivesAnIdPerRecordingFromItsPath() throws {
        let folder = try StudyFolder()
        try folder.makeSmallStudySource()
        try folder.copy("devices/ax6_sample.cwa", to: ".hidden/skip.cwa")
        try folder.write(Array("notes".utf8), to: "site-a/README.txt")
        let summary = try StudyPlanner.plan(source: folder.recordings, into: folder.study, settings: StudySettings())
        #expect(summary.recordings == 5 && summary.added == 5)
        let entries = try Study.open(folder.study).recordings()
        #expect(entries.map(\.id.rawValue) == ["site-a/ax3", "site-a/ax6", "site-a/geneactiv", "site-b/P2", "site-b/broken"])
        #expect(entries[0].path == folder.recordings + "/site-a/ax3.cwa")
    }

    @Test func aStudyInsideTheFolderIsNotPlannedIntoItself() throws {
        let folder = try StudyFolder()
        try folder.copy("devices/ax6_sample.cwa", to: "a.cwa")
        let study = folder.recordings + "/study"
        _ = try StudyPlanner.plan(source: folder.recordings, into: study, settings: StudySettings())
        let run = ShardRun(study: try Study.open(study), shard: .whole, task: .test)
        _ = try run.run()
        _ = try StudyMerge.merge(try Study.open(study), into: study)
        // days.csv, recordings.csv and the parts are CSV files in the tree now.
        let again = try StudyPlanner.plan(source: folder.recordings, into: study, settings: StudySettings())
        #expect(again.recordings == 1 && again.added == 0)
        // Nor is another study in the folder planned into a new one.
        let other = try StudyPlanner.plan(source: folder.recordings, into: folder.root + "/other", settings: StudySettings())
        #expect(other.recordings == 1)
    }

    @Test func aManifestGivesPathsFromItsFolderAndItsIds() throws {
        let folder = try StudyFolder()
        try folder.copy("devices/ax3_sample.cwa", to: "data/one, with a comma.cwa")
        try folder.copy("devices/ax6_sample.cwa", to: "data/two.cwa")
        // Written by a spreadsheet: a byte-order mark, CRLF, quotes, a column it does not use.
        let manifest = "\u{FEFF}Participant,ID,Path\r\nx,P1,\"data/one, with a comma.cwa\"\r\ny,P2,\(folder.recordings)/data/two.cwa\r\n\r\n"
        try folder.write(Array(manifest.utf8), to: "manifest.csv")
        _ = try StudyPlanner.plan(source: folder.recordings + "/manifest.csv", into: folder.study, settings: StudySettings())
        let entries = try Study.open(folder.study).recordings()
        #expect(entries == [PlanEntry(id: try RecordingID("P1"), path: folder.recordings + "/data/one, with a comma.cwa"),
                            PlanEntry(id: try RecordingID("P2"), path: folder.recordings + "/data/two.cwa")])
    }

    @Test func aManifestWithoutIdsNamesRecordingsByTheirFiles() throws {
        let folder = try StudyFolder()
        try folder.copy("devices/ax3_sample.cwa", to: "1000001_90001_0_0.cwa")
        try folder.write(Array("path\n1000001_90001_0_0.cwa\n".utf8), to: "manifest.csv")
        _ = try StudyPlanner.plan(source: folder.recordings + "/manifest.csv", into: folder.study, settings: StudySettings())
        #expect(try Study.open(folder.study).recordings().map(\.id.rawValue) == ["1000001_90001_0_0"])
    }

    @Test func sourcesThatCannotBePlannedSayWhy() throws {
        let folder = try StudyFolder()
        try folder.copy("devices/ax3_sample.cwa", to: "a/P1.cwa")
        try folder.copy("devices/ax6_sample.cwa", to: "a/P1.bin")
        try folder.write(Array("file\nx.cwa\n".utf8), to: "no-path-column.csv")
        try folder.write(Array("path\nmissing.cwa\na/P1.cwa\n".utf8), to: "missing.csv")
        try folder.write(Array("id,path\nX,a/P1.cwa\nX,a/P1.bin\n".utf8), to: "twice.csv")
        let cases: [(String, String)] = [
            (folder.recordings + "/a", "two recordings would have the id 'P1'"),
            (folder.recordings + "/no-path-column.csv", "'path' column"),
            (folder.recordings + "/missing.csv", "1 of its 2 recordings do not exist, such as \(folder.recordings)/missing.cwa"),
            (folder.recordings + "/twice.csv", "two recordings would have the id 'X'"),
            (folder.root + "/nothing-here", "no such file or folder"),
        ]
        for (source, message) in cases {
            do {
                _ = try StudyPlanner.plan(source: source, into: folder.study, settings: StudySettings())
                Issue.record("\(source) was planned")
            } catch {
                #expect(error.description.contains(message), "\(error)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.study))
    }

    @Test func planningAgainAddsNewRecordingsAndKeepsTheRest() throws {
        let folder = try StudyFolder()
        try folder.copy("devices/ax3_sample.cwa", to: "P1.cwa")
        _ = try StudyPlanner.plan(source: folder.recordings, into: folder.study, settings: StudySettings())
        try FileManager.default.removeItem(atPath: folder.recordings + "/P1.cwa")
        try folder.copy("devices/ax6_sample.cwa", to: "P2.cwa")
        let summary = try StudyPlanner.plan(source: folder.recordings, into: folder.study, settings: StudySettings())
        #expect(summary.recordings == 2 && summary.added == 1 && summary.notInSource == 1)
        #expect(try Study.open(folder.study).recordings().map(\.id.rawValue) == ["P1", "P2"])
    }

    @Test func aStudyKeepsItsSettingsAndItsIds() throws {
        let folder = try StudyFolder()
        try folder.copy("devices/ax3_sample.cwa", to: "P1.cwa")
        _ = try StudyPlanner.plan(source: folder.recordings, into: folder.study, settings: StudySettings())
        var other = StudySettings()
        other.days.validHours = 8
        #expect(throws: StudyError.self) { try StudyPlanner.plan(source: folder.recordings, into: folder.study, settings: other) }
        do {
            try folder.write(Array("id,path\nrenamed,recordings/P1.cwa\n".utf8), to: "../renamed.csv")
            _ = try StudyPlanner.plan(source: folder.root + "/renamed.csv", into: folder.study, settings: StudySettings())
            Issue.record("a recording was given a second id")
        } catch {
            #expect("\(error)".contains("keeps its id"), "\(error)")
        }
        // A folder that is not a study is left alone.
        try folder.write([1], to: "../not-a-study/file")
        #expect(throws: StudyError.self) {
            try StudyPlanner.plan(source: folder.recordings, into: folder.root + "/not-a-study", settings: StudySettings())
        }
    }
}
