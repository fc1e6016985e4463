import Foundation
import FootfallAnalysis
import FootfallCohort
import FootfallTestSupport
import Testing

/// The merge: three tables in the plan's order, the counts of what is done and what is not.
struct StudyMergeTests {
    @Test func aPartlyRunStudyMergesWhatIsDoneAndCountsTheRest() throws {
        let folder = try StudyFolder()
        for index in 0..<10 { try folder.copy("devices/gnactv_sample.bin", to: "P\(index).bin") }
        _ = try StudyPlanner.plan(source: folder.recordings, into: folder.study, settings: StudySettings())
        let study = try Study.open(folder.study)
        let first = try ShardRun(study: study, shard: Shard(index: 0, count: 3), task: .test).run()
        let merged = try StudyMerge.merge(study, into: folder.root + "/tables")
        #expect(merged.recordings == 10 && merged.done == first.read && merged.notRun == 10 - first.read && merged.failed == 0)
        #expect(!merged.isComplete && merged.firstToDo.count == min(5, 10 - first.read))
        #expect(merged.tables.map { ($0.path as NSString).lastPathComponent } == ["days.csv", "recordings.csv", "failures.csv"])
        let recordings = try folder.lines(folder.root + "/tables/recordings.csv")
        #expect(recordings[0] == RecordingRecord.columns.joined(separator: ","))
        #expect(recordings.count == 1 + first.read)
        // In the plan's order.
        let ids = recordings.dropFirst().map { String($0.split(separator: ",")[0]) }
        #expect(ids == ids.sorted())
        #expect(merged.tables.allSatisfy { (try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int) == $0.bytes })
        for index in 1..<3 { _ = try ShardRun(study: study, shard: Shard(index: index, count: 3), task: .test).run() }
        let complete = try StudyMerge.merge(study, into: folder.root + "/tables")
        #expect(complete.isComplete && complete.done == 10 && complete.days == 10)
    }

    @Test func aMergedRecordTellsWhatTheRecordingWas() throws {
        let folder = try StudyFolder()
        try folder.copy("devices/ax3_sample.cwa", to: "P1.cwa")
        _ = try StudyPlanner.plan(source: folder.recordings, into: folder.study, settings: StudySettings())
        let study = try Study.open(folder.study)
        _ = try ShardRun(study: study, shard: .whole, task: TaskIdentity(name: "77_3", host: "node01")).run()
        _ = try StudyMerge.merge(study, into: study.folder)
        let lines = try folder.lines(study.folder + "/recordings.csv")
        let record = Dictionary(uniqueKeysWithValues: zip(RecordingRecord.columns, lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
        // SampleTraces/README.md: an AX3 #51888 at 200 Hz configured, 197.2 Hz real, 58,800 samples, 4 min 58 s.
        #expect(record["format"] == "cwa" && record["device"] == "AX3" && record["serial"] == "51888")
        #expect(record["configured_rate_hz"] == "200" && record["rate_hz"] == "197.24" && record["samples"] == "58800")
        #expect(record["first_sample"] == "2020-02-12T09:03:37.472" && record["last_sample"] == "2020-02-12T09:08:35.587")
        #expect(record["steps"] == "\(SampleTracesLocation.goldenSteps("devices/ax3_sample.cwa"))" && record["days"] == "1" && record["valid_days"] == "0")
        #expect(record["bytes"] == "251904" && record["task"] == "77_3" && record["host"] == "node01")
        #expect(record["samples_skipped"] == "0" && record["damaged_blocks"] == "0")
    }

    @Test func idsThatLookAlikeKeepPartsOfTheirOwn() throws {
        let folder = try StudyFolder()
        try folder.copy("devices/ax3_sample.cwa", to: "one.cwa")
        try folder.copy("devices/ax6_sample.cwa", to: "two.cwa")
        try folder.write(Array("id,path\nsite/P1,one.cwa\nsite%2FP1,two.cwa\n".utf8), to: "manifest.csv")
        _ = try StudyPlanner.plan(source: folder.recordings + "/manifest.csv", into: folder.study, settings: StudySettings())
        let study = try Study.open(folder.study)
        _ = try ShardRun(study: study, shard: .whole, task: .test).run()
        let merged = try StudyMerge.merge(study, into: study.folder)
        #expect(merged.done == 2)
        let paths = try folder.lines(study.folder + "/recordings.csv").dropFirst().map { $0.split(separator: ",")[1] }
        #expect(Set(paths).count == 2)
    }

    @Test func aSkippedDamagedBlockIsCountedWhenTheStudySkipsThem() throws {
        let folder = try StudyFolder()
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: SampleTracesLocation.path("devices/ax3_sample.cwa"))))
        bytes[1024 + 512 * 3 + 100] ^= 0xFF  // a sample of the fourth data block: its checksum fails
        try folder.write(bytes, to: "damaged.cwa")
        var settings = StudySettings()
        settings.reading.skipBadBlocks = true
        _ = try StudyPlanner.plan(source: folder.recordings, into: folder.study, settings: settings)
        let study = try Study.open(folder.study)
        _ = try ShardRun(study: study, shard: .whole, task: .test).run()
        _ = try StudyMerge.merge(study, into: study.folder)
        let record = try folder.lines(study.folder + "/recordings.csv")[1].split(separator: ",", omittingEmptySubsequences: false)
        #expect(record[RecordingRecord.columns.firstIndex(of: "damaged_blocks")!] == "1")
        #expect(record[RecordingRecord.columns.firstIndex(of: "samples_skipped")!] == "120")
    }
}
