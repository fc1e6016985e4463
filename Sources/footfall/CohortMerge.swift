import ArgumentParser
import Foundation
import FootfallCohort
import FootfallText

/// `footfall cohort merge`: a study's tables from its parts.
struct CohortMerge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Collate a study's parts into days.csv, recordings.csv and failures.csv.",
        discussion: """
        Writes the three tables into the study's folder (or --output), in the plan's order, \
        one part in memory at a time whatever the study's size, and says how many \
        recordings are done, failed and not yet run. Each table is replaced whole, so a \
        merge while tasks still run gives the tables of the parts written so far; run it \
        again when they end. docs/cohorts.md says what every column means.

        The status is 0 however many recordings are still to run, unless \
        --require-complete asks for every one to be read or failed.
        """
    )

    @Argument(help: ArgumentHelp("The study's folder.", valueName: "study"))
    var study: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the tables into this folder (default: the study's).", valueName: "folder"))
    var output: String?

    @Flag(help: "Exit with status 1 when a recording is not yet run (or its file changed since it was read).")
    var requireComplete = false

    func run() throws {
        let summary: StudyMerge.Summary
        let study: Study
        do {
            study = try Study.open(self.study)
            summary = try StudyMerge.merge(study, into: output ?? study.folder)
        } catch {
            throw CohortFailure(error)
        }
        var line = "\(study.folder): \(NumberText.counting(summary.recordings, "recording")): \(NumberText.grouped(summary.done)) done, "
            + "\(NumberText.grouped(summary.failed)) failed, \(NumberText.grouped(summary.notRun)) not yet run"
        if summary.changed > 0 { line += ", \(NumberText.grouped(summary.changed)) changed since read (to run again)" }
        if !summary.firstToDo.isEmpty {
            line += " (such as \(summary.firstToDo.prefix(3).map { "'\($0)'" }.joined(separator: ", ")))"
        }
        print(line + ".")
        let rows = [summary.days, summary.done, summary.failed]
        for (table, rowCount) in zip(summary.tables, rows) {
            let name = (table.path as NSString).lastPathComponent
            print("  " + name.padding(toLength: 16, withPad: " ", startingAt: 0)
                  + DayTable.pad(NumberText.counting(rowCount, "row"), 14) + DayTable.pad(NumberText.grouped(table.bytes) + " bytes", 18) + "  " + table.path)
        }
        if !summary.isComplete {
            let toRun = summary.notRun + summary.changed
            print("Still to run: \(NumberText.counting(toRun, "recording")). 'footfall cohort slurm \(study.folder) --submit' submits the tasks that hold "
                  + "them, or 'footfall cohort run \(study.folder) --shard 0/1' reads them here; then merge again.")
            if requireComplete { throw ExitCode.failure }
        }
    }
}
