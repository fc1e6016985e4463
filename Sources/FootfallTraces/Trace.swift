import FootfallDetection

/// A recorded trace in memory: its samples and, when a sidecar exists, its truth and metadata.
public struct Trace: Sendable {
    /// Where the trace was read from.
    public var path: String
    /// The samples, in time order.
    public var samples: [Sample]
    /// The sidecar, when there is one.
    public var sidecar: TraceSidecar?

    /// Creates a trace in memory.
    public init(path: String, samples: [Sample], sidecar: TraceSidecar? = nil) {
        self.path = path
        self.samples = samples
        self.sidecar = sidecar
    }

    /// Reads a recording, in any format `Recording` reads, and its sidecar (if any).
    /// - Throws: `TraceError` naming the file and line of the first problem.
    public static func load(path: String, options: RecordingOptions = .automatic) throws(TraceError) -> Trace {
        let sidecar = try TraceSidecar.load(besideTrace: path)
        let samples = try Recording.readSamples(path: path, options: options)
        return Trace(path: path, samples: samples, sidecar: sidecar)
    }

    /// Seconds from the first sample to the last.
    public var duration: Double {
        guard let first = samples.first, let last = samples.last else { return 0 }
        return last.time - first.time
    }

    /// The trace's name: its file name without folder or extension.
    public var name: String { Self.name(ofPath: path) }

    /// A file's name without folder or extension.
    public static func name(ofPath path: String) -> String {
        var base = path.split(separator: "/").last.map(String.init) ?? path
        if base.hasSuffix(".csv") { base.removeLast(4) }
        return base
    }
}
