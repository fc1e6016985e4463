import FootfallDetection
import FootfallText
import FootfallTraces

/// Every stretch of the latest strong candidates in a recording, with what the walking model
/// reads of it: the rows tools/walking-model labels from the recording's truth and learns
/// from (`footfall bench --windows-csv`); and every stretch the walking gate judged, with the
/// steps its decision decides (`footfall bench --nodes-csv`), from which the bouts' decision
/// is learned and replayed for any model: what the gate follows and judges depends on the
/// motion alone, not on what it decides.
public enum WindowProbeExport {
    /// The CSV header: where the stretch is, then the features in `WalkingFeatures.names` order.
    public static let header = "trace,dataset,subject,placement,steps,even,from,time," + WalkingFeatures.names.joined(separator: ",")

    /// The judged stretches' header: where the stretch is, its node and whether it starts a
    /// bout, what it was asked as, how many candidates it holds, how many steps its decision
    /// decides (`proposed`), then the features.
    public static let nodesHeader = "trace,dataset,subject,placement,node,bout_start,question,steps,proposed,from,time,"
        + WalkingFeatures.names.joined(separator: ",")

    /// The rows of one recording (no header).
    /// - Parameters:
    ///   - placement: where the recording is measured as worn; nil measures it where it says
    ///     (`DetectorConfiguration.forRecording(at:sidecar:placement:)`).
    ///   - options: what the file does not say about itself.
    /// - Throws: `TraceError` for a trace that cannot be read.
    public static func rows(for recording: BenchRecording, configuration: DetectorConfiguration, placement: Placement? = nil,
                            options: RecordingOptions = .automatic) throws(TraceError) -> String {
        try allRows(for: recording, configuration: configuration, placement: placement, options: options).windows
    }

    /// The stretches' rows and the judged stretches' rows of one recording (no headers).
    /// - Throws: `TraceError` for a trace that cannot be read.
    public static func allRows(for recording: BenchRecording, configuration: DetectorConfiguration, placement: Placement? = nil,
                               options: RecordingOptions = .automatic) throws(TraceError) -> (windows: String, nodes: String) {
        let sidecar = try TraceSidecar.load(besideTrace: recording.tracePath)
        var detector = StepDetector(configuration: configuration.forRecording(at: recording.tracePath, sidecar: sidecar, placement: placement))
        var collector = Collector()
        try Recording.forEachBatch(path: recording.tracePath, options: options) { batch in
            for sample in batch { detector.process(sample, observer: &collector) { _ in } }
        }
        detector.finish(observer: &collector) { _ in }
        let prefix = [recording.tracePath, sidecar?.dataset ?? recording.folderName, sidecar?.subject ?? "",
                      sidecar?.placement ?? ""].map(csvField).joined(separator: ",")
        var out = ""
        for probe in collector.probes {
            out += prefix + ",\(probe.steps),\(probe.even ? 1 : 0),\(formatted(probe.from, decimals: 3)),\(formatted(probe.time, decimals: 3))"
            for i in 0..<WalkingFeatures.count { out += "," + formatted(probe.features.values[i], decimals: 5) }
            out += "\n"
        }
        var nodes = ""
        for judgement in collector.judgements where judgement.node >= 0 {
            let startsBout = collector.boutStarts.contains(judgement.node)
            nodes += prefix + ",\(judgement.node),\(startsBout ? 1 : 0),\(judgement.question.rawValue),\(judgement.steps),"
            nodes += "\(collector.proposed[judgement.node, default: 0]),"
            nodes += "\(formatted(judgement.from, decimals: 3)),\(formatted(judgement.time, decimals: 3))"
            for i in 0..<WalkingFeatures.count { nodes += "," + formatted(judgement.features.values[i], decimals: 5) }
            nodes += "\n"
        }
        return (out, nodes)
    }

    struct Collector: DetectorObserver {
        var probes: [WindowProbe] = []
        var judgements: [GateJudgement] = []
        var boutStarts: Set<Int> = []
        var proposed: [Int: Int] = [:]
        var wantsProbes: Bool { true }
        mutating func observe(_ frame: DetectorFrame) {}
        mutating func observe(probe: WindowProbe) { probes.append(probe) }
        mutating func observe(judgement: GateJudgement) { judgements.append(judgement) }
        mutating func observe(decision: BoutDecoder.Node) { if decision.startsBout { boutStarts.insert(decision.number) } }
        mutating func observe(outcome: CandidateOutcome) {
            if let node = outcome.node { proposed[node, default: 0] += outcome.proposed }
        }
    }

    /// A field quoted when it holds a comma or a quote.
    static func csvField(_ text: String) -> String {
        guard text.contains(",") || text.contains("\"") else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
