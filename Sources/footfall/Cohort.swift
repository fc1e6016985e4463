import ArgumentParser

/// `footfall cohort`: a study's recordings summarised by day, by many tasks at once, on a
/// Slurm cluster or one machine, and collated into tables.
struct Cohort: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Summarise a study's recordings by day, on a Slurm cluster or one machine.",
        discussion: """
        Every recording of a study is read as 'footfall count --days' reads it, by as many \
        tasks as you like, each leaving a part in the study's folder; the merge collates the \
        parts into three tables: days.csv (a row per recording and day), recordings.csv (a \
        row per recording read: device, serial, rate, span, wear, steps, damage) and \
        failures.csv (a row per recording that could not be read, with the byte and the \
        reason). A task that is killed or runs out of time continues where it stopped when \
        it runs again, and recordings added to the study later leave those done in place.

        On one machine:

          footfall cohort plan recordings/ study/
          footfall cohort run study/ --shard 0/1 --jobs 8
          footfall cohort merge study/

        On a Slurm cluster, an array job and the merge after it:

          footfall cohort plan recordings/ study/
          footfall cohort slurm study/ --submit

        docs/cohorts.md says what every column means and how to resume.
        """,
        subcommands: [CohortPlan.self, CohortRun.self, CohortMerge.self, CohortSlurm.self]
    )
}
