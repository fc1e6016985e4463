import FootfallDetection
import FootfallText
import FootfallTraces

/// Every stretch of the latest strong candidates in a recording, with what the walking model
/// reads of it: the rows tools/walking-model labels from the recording's truth and learns
/// from (`footfall bench --windows-csv`).
public enum WindowProbeExport {
    /// The CSV header: where the stretch is, then the features in `WalkingFeatures.names` order.
    public static let header = "trace,dataset,subject,placement,steps,even,from,time," + WalkingFeatures.names.joined(separator: ",")

    /// The rows of one recording (no header).
    /// - Parameters:
    ///   - placement: where the recording is measured as worn; nil measures it where it says
    ///     (`DetectorConfiguration.forRecording(at:sidecar:placement:)`).
    ///   - options: what the file does not say about itself.
    /// - Throws: `TraceError` for a trace that cannot be read.
    public static func rows(for recording: BenchRecording, configuration: DetectorConfiguration, placement: Placement? = nil,
                            options: RecordingOptions = .automatic) throws(TraceError) -> String {
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
        return out
    }

    struct Collector: DetectorObserver {
        var probes: [WindowProbe] = []
        var wantsProbes: Bool { true }
        mutating func observe(_ frame: DetectorFrame) {}
        mutating func observe(probe: WindowProbe) { probes.append(probe) }
    }

    /// A field quoted when it holds a comma or a quote.
    static func csvField(_ text: String) -> String {
        guard text.contains(",") || text.contains("\"") else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
