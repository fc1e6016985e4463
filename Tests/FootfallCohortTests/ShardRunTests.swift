import Foundation
import FootfallAnalysis
import FootfallCohort
import FootfallTraces
import Testing

/// Tasks reading their shards: parts, failures, skipping what is done, reading what changed.
struct ShardRunTests {
    func plannedStudy(_ folder: StudyFolder, settings: StudySettings = StudySettings()) throws -> Study {
        try folder.makeSmallStudySource()
        _ = try StudyPlanner.plan(source: folder.recordings, into: folder.study, settings: settings)
        return try Study.open(folder.study)
    }

    @Test func aRunReadsEveryRecordingAsCountDaysDoesAndRecordsTheFailure() throws {
        let folder = try StudyFolder()
        let study = try plannedStudy(folder)
        let summary = try ShardRun(study: study, shard: .whole, jobs: 2, task: .test).run()
        #expect(summary.recordings == 5 && summary.read == 4 && summary.failed == 1 && summary.doneBefore == 0)
        _ = try StudyMerge.merge(study, into: study.folder)
        // days.csv holds what footfall count --days counts, with the id before.
        let entries = try study.recordings()
        var expected: [String] = []
        for entry in entries where !entry.path.hasSuffix("broken.cwa") {
            let settings = study.settings
            let counted = try RecordingDays.run(path: entry.path, options: settings.reading,
                                                configuration: try settings.detector.configuration(forRecording: entry.path),
                                                settings: settings.days, localOffset: settings.days.localOffset())
            expected += counted.days.map { ([entry.id.rawValue, entry.path] + $0.csvFields(clock: counted.clock)).joined(separator: ",") }
        }
        #expect(try folder.lines(study.folder + "/days.csv").dropFirst().sorted() == expected.sorted())
        let failures = try folder.lines(study.folder + "/failures.csv")
        #expect(failures.count == 2)
        #expect(failures[1].hasPrefix("site-b/broken,\(folder.recordings)/site-b/broken.cwa,99840,,the file is truncated: "))
        #expect(failures[1].contains(",100000,"))
    }

    @Test func aSecondRunPassesOverWhatIsDoneAndFailedAndRetriesWhenAsked() throws {
        let folder = try StudyFolder()
        let study = try plannedStudy(folder)
        _ = try ShardRun(study: study, shard: .whole, task: .test).run()
        let part = try #require(FileManager.default.enumerator(atPath: study.partsFolder)?.allObjects
            .compactMap { $0 as? String }.first { $0.hasSuffix("ax6.csv") })
        let written = try FileManager.default.attributesOfItem(atPath: study.partsFolder + "/" + part)[.modificationDate] as? Date
        let again = try ShardRun(study: study, shard: .whole, task: .test).run()
        #expect(again.read == 0 && again.failed == 0 && again.doneBefore == 4 && again.failedBefore == 1)
        #expect(try FileManager.default.attributesOfItem(atPath: study.partsFolder + "/" + part)[.modificationDate] as? Date == written)
        let retried = try ShardRun(study: study, shard: .whole, retryingFailures: true, task: .test).run()
        #expect(retried.read == 0 && retried.failed == 1 && retried.doneBefore == 4)
    }

    @Test func aRecordingWhoseFileChangedIsReadAgain() throws {
        let folder = try StudyFolder()
        let study = try plannedStudy(folder)
        _ = try ShardRun(study: study, shard: .whole, task: .test).run()
        // The damaged file replaced by a whole one: the same name, another size.
        try FileManager.default.removeItem(atPath: folder.recordings + "/site-b/broken.cwa")
        try folder.copy("devices/ax3_sample.cwa", to: "site-b/broken.cwa")
        let entry = try #require(try study.recordings().first { $0.id.rawValue == "site-b/broken" })
        #expect(study.state(of: entry) == .changed)
        let again = try ShardRun(study: study, shard: .whole, task: .test).run()
        #expect(again.read == 1 && again.failed == 0 && again.doneBefore == 4)
        let merged = try StudyMerge.merge(study, into: study.folder)
        #expect(merged.done == 5 && merged.failed == 0)
        // Touched only (the same bytes, a later time): read again too, as a file written anew.
        let ax6 = folder.recordings + "/site-a/ax6.cwa"
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: ax6)
        #expect(try ShardRun(study: study, shard: .whole, task: .test).run().read == 1)
    }

    @Test func shardsTogetherReadEveryRecordingOnce() throws {
        let folder = try StudyFolder()
        for index in 0..<12 { try folder.copy("devices/gnactv_sample.bin", to: "P\(index).bin") }
        _ = try StudyPlanner.plan(source: folder.recordings, into: folder.study, settings: StudySettings())
        let study = try Study.open(folder.study)
        var read = 0
        for index in 0..<4 {
            let summary = try ShardRun(study: study, shard: Shard(index: index, count: 4), task: .test).run()
            #expect(summary.recordings == summary.read)
            read += summary.read
        }
        #expect(read == 12)
        #expect(try ShardRun(study: study, shard: .whole, task: .test).run().doneBefore == 12)
    }

    @Test func theEventsTellEachRecordingInTurn() throws {
        let folder = try StudyFolder()
        let study = try plannedStudy(folder)
        let lines = Lines()
        _ = try ShardRun(study: study, shard: .whole, jobs: 3, task: .test).run { event in
            switch event {
            case .started(let recordings, _, _, let toDo): lines.add("\(recordings) \(toDo)")
            case .read(let number, let toDo, let entry, _, _, _): lines.add("\(number)/\(toDo) \(entry.id)")
            case .failed(let number, let toDo, let entry, let error): lines.add("\(number)/\(toDo) \(entry.id) \(error.offset ?? -1)")
            }
        }
        let told = lines.all
        #expect(told.first == "5 5")
        #expect(told.dropFirst().map { $0.split(separator: " ")[0] } == ["1/5", "2/5", "3/5", "4/5", "5/5"])
        #expect(told.contains { $0.hasSuffix("site-b/broken 99840") })
    }

    @Test func aStudyWithADetectorSettingItCannotUseSaysSoBeforeReading() throws {
        let folder = try StudyFolder()
        var settings = StudySettings()
        settings.detector.walkingModel = folder.root + "/gone.json"
        let study = try plannedStudy(folder, settings: settings)
        #expect(throws: StudyError.self) { try ShardRun(study: study, shard: .whole, task: .test).run() }
        #expect(try StudyMerge.merge(study, into: study.folder).notRun == 5)
    }
}

/// Lines told from several threads.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func add(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
