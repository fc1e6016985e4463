import FootfallAnalysis
import FootfallDetection
import FootfallText
import FootfallTraces

/// `footfall bench --live`: the live path (the fixed-lag decision, provisional steps shown)
/// over recordings with sidecars, and how many provisional steps the decision withdrew: per
/// dataset, walking recordings apart from those without walking (hands at work, still) and
/// mixed ones, per hour and as a share of the provisional steps.
struct LiveBench {
    /// One row: a dataset's recordings of one activity, summed.
    struct Row {
        var recordings = 0
        var seconds = 0.0
        var provisional = 0
        var withdrawn = 0
        var final = 0
    }

    /// Runs every recording and returns the table.
    static func table(_ chosen: [BenchRecording], configuration: DetectorConfiguration, placement: Placement?,
                      options: RecordingOptions, lag: Duration, progress: (Int) -> Void) throws -> String {
        var rows: [String: Row] = [:]
        for (done, recording) in chosen.enumerated() {
            let sidecar = try TraceSidecar.load(besideTrace: recording.tracePath)
            var live = configuration.forRecording(at: recording.tracePath, sidecar: sidecar, placement: placement)
            live.decisionLag = lag
            live.showsProvisionalSteps = true
            var detector = StepDetector(configuration: live)
            var first = Double.nan, last = Double.nan
            _ = try Recording.forEachBatch(path: recording.tracePath, options: options) { batch in
                guard !batch.isEmpty else { return }
                if first.isNaN { first = batch[0].time }
                last = batch[batch.count - 1].time
                detector.process(batch) { _ in }
            }
            detector.finish { _ in }
            let activity = sidecar?.activity?.rawValue ?? "walking"
            var row = rows["\(recording.folderName)\t\(activity)", default: Row()]
            row.recordings += 1
            row.seconds += first.isNaN ? 0 : last - first
            row.provisional += detector.provisionalReported
            row.withdrawn += detector.withdrawnSteps
            row.final += detector.stepCount
            rows["\(recording.folderName)\t\(activity)"] = row
            progress(done + 1)
        }
        var text = "dataset\tactivity\trecordings\thours\tfinal\tprovisional\twithdrawn\twithdrawn/h\twithdrawn %\n"
        for key in rows.keys.sorted() {
            let row = rows[key]!
            let hours = row.seconds / 3600
            let share = row.provisional > 0 ? formatted(100 * Double(row.withdrawn) / Double(row.provisional), decimals: 2) : "-"
            text += "\(key)\t\(row.recordings)\t\(formatted(hours, decimals: 2))\t\(row.final)\t\(row.provisional)\t\(row.withdrawn)\t"
                + "\(hours > 0 ? formatted(Double(row.withdrawn) / hours, decimals: 1) : "-")\t\(share)\n"
        }
        return text
    }
}
