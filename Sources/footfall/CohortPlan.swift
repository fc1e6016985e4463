import ArgumentParser
import Foundation
import FootfallAnalysis
import FootfallCohort
import FootfallText

/// `footfall cohort plan`: a study's folder from a folder of recordings or a manifest.
struct CohortPlan: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Make a study from a folder of recordings or a manifest, or add to one.",
        discussion: """
        From a folder, every recording in its tree is taken (.cwa, .gt3x, .bin, .csv, .tsv, \
        compressed or not; hidden files and studies are passed over), its id its path in the folder \
        without the endings: site-a/P0001.cwa.gz is site-a/P0001. A manifest is a CSV file \
        whose header names a path column and, if you choose the ids, an id column; relative \
        paths are from the manifest's folder:

          id,path
          P0001,/data/ukb/1000001_90001_0_0.cwa.gz

        The plan fixes each recording's id, and with it the shard that reads it (a hash of \
        the id), and fixes how every recording is read and summarised: the options below, \
        the same as 'footfall count --days' takes. Planning again into the same study adds \
        the recordings it does not have yet; those already read stay read.
        """
    )

    @Argument(help: ArgumentHelp("A folder of recordings, or a manifest (CSV with a path column).", valueName: "recordings"))
    var source: String

    @Argument(help: ArgumentHelp("The study's folder: made if it does not exist, added to if it is a study.", valueName: "study"))
    var study: String

    @Option(name: .customLong("shard-count"),
            help: ArgumentHelp("The shards a task that knows only its index (a Kubernetes indexed Job) splits the study into.",
                               valueName: "n"))
    var shardCount: Int?

    @OptionGroup(title: "Reading recordings") var recording: RecordingFileOptions

    @OptionGroup(title: "Days") var days: DayRuleOptions

    @OptionGroup var detector: DetectorOptions

    func validate() throws {
        if let shardCount, shardCount < 1 { throw ValidationError("--shard-count must be 1 or more.") }
        _ = try detector.configuration()
    }

    func run() throws {
        var detectorSettings = detector.settings
        // The tasks may run in another folder: the model file by its whole path.
        detectorSettings.walkingModel = detectorSettings.walkingModel.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let settings = StudySettings(reading: try recording.options(), days: days.settings, detector: detectorSettings, shardCount: shardCount)
        let summary: StudyPlanner.Summary
        do {
            summary = try StudyPlanner.plan(source: source, into: study, settings: settings)
        } catch {
            throw CohortFailure(error)
        }
        let size = summary.bytes >= 1_000_000_000 ? formatted(Double(summary.bytes) / 1e9, decimals: 1) + " GB"
            : formatted(Double(summary.bytes) / 1e6, decimals: 1) + " MB"
        var line = "\(summary.folder): \(NumberText.counting(summary.recordings, "recording")) (\(NumberText.grouped(summary.added)) new), \(size)"
        if summary.notInSource > 0 { line += "; \(NumberText.counting(summary.notInSource, "recording")) of the study not in \(source), kept" }
        print(line + ".")
        print("""
            Next, on this machine:
              footfall cohort run \(summary.folder) --shard 0/1
              footfall cohort merge \(summary.folder)
            or on a Slurm cluster:
              footfall cohort slurm \(summary.folder) --submit
            """)
    }
}

/// A study's error as the command's: its message on stderr and status 1.
struct CohortFailure: Error, CustomStringConvertible {
    var description: String

    init(_ error: any Error) {
        description = "\(error)"
    }

    init(message: String) {
        description = message
    }
}
