import Foundation
import FootfallTraces

/// A recording to benchmark: a trace with a sidecar that holds its truth.
public struct BenchRecording: Sendable, Equatable {
    /// The CSV file.
    public var tracePath: String
    /// The dataset it belongs to, when the sidecar does not say: its folder's name.
    public var folderName: String
}

/// Which part of a corpus one machine of a cluster job runs: shard `index` of `count`, counted
/// from 0, taking every `count`-th recording in path order.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// This machine's part, 0 ..< count.
    public var index: Int
    /// How many parts the corpus is split into.
    public var count: Int

    /// The whole corpus.
    public static let whole = Shard(index: 0, count: 1)

    /// Creates a shard.
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `I/N` (0 <= I < N).
    public init?(parsing text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n > 0, i >= 0, i < n else { return nil }
        self.init(index: i, count: n)
    }

    /// "I/N".
    public var description: String { "\(index)/\(count)" }

    /// The elements that belong to this shard.
    public func select<T>(_ all: [T]) -> [T] {
        all.enumerated().filter { $0.offset % count == index }.map(\.element)
    }
}

/// Finds the recordings to benchmark under files and folders.
public enum BenchCorpus {
    /// Every trace with a sidecar under `paths` (folders are searched recursively), sorted by path.
    /// Named files whose names are not a recording's (`Recording.looksLikeRecording`: a README
    /// beside the data, say) are passed over, so a shell glob over a dataset folder works.
    /// - Throws: `TraceError` for a path that does not exist or a named trace without sidecar.
    public static func discover(_ paths: [String]) throws(TraceError) -> [BenchRecording] {
        var found: [BenchRecording] = []
        for (trace, named) in try csvFiles(under: paths) {
            let sidecar = TraceSidecar.path(forTrace: trace)
            guard FileManager.default.fileExists(atPath: sidecar) else {
                // A trace found in a folder may simply be unscored; one named outright was meant to be.
                if named {
                    throw TraceError(path: trace, reason: .unreadable("no sidecar \(sidecar) with the true steps, so it cannot be scored"))
                }
                continue
            }
            found.append(BenchRecording(tracePath: trace, folderName: folder(of: trace)))
        }
        return found
    }

    /// Every recording under `paths` (`.csv`, `.tsv`, `.cwa`, compressed or not), with or
    /// without a sidecar, sorted by path.
    /// - Throws: `TraceError` for a path that does not exist.
    public static func traces(_ paths: [String]) throws(TraceError) -> [String] {
        try csvFiles(under: paths).map(\.path)
    }

    /// The recordings under `paths` by their names, each once, sorted by path; `named` tells whether the
    /// file was given outright rather than found in a folder.
    static func csvFiles(under paths: [String]) throws(TraceError) -> [(path: String, named: Bool)] {
        var found: [String: Bool] = [:]
        let files = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard files.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw TraceError(path: path, reason: .unreadable("no such file or directory"))
            }
            if isDirectory.boolValue {
                let enumerator = files.enumerator(atPath: path)
                while let relative = enumerator?.nextObject() as? String {
                    guard Recording.looksLikeRecording(relative) else { continue }
                    let trace = (path as NSString).appendingPathComponent(relative)
                    found[trace] = found[trace] ?? false
                }
            } else if Recording.looksLikeRecording(path) {
                found[path] = true
            }
        }
        return found.map { (path: $0.key, named: $0.value) }.sorted { $0.path < $1.path }
    }

    static func folder(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : (parent as NSString).lastPathComponent
    }
}
