import Foundation
import FootfallCohort
import FootfallTestSupport

/// A temporary folder with real recordings in it (SampleTraces' device files, copied, and
/// damaged copies of them), removed when the test ends.
final class StudyFolder {
    let root: String
    /// The recordings' folder.
    var recordings: String { root + "/recordings" }
    /// A study's folder (not made).
    var study: String { root + "/study" }

    init() throws {
        root = NSTemporaryDirectory() + "footfall-cohort-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/recordings", withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Copies a SampleTraces file to `relative` under the recordings' folder; its path.
    @discardableResult
    func copy(_ sample: String, to relative: String) throws -> String {
        let path = recordings + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: SampleTracesLocation.path(sample), toPath: path)
        return path
    }

    /// Writes `bytes` to `relative` under the recordings' folder; its path.
    @discardableResult
    func write(_ bytes: [UInt8], to relative: String) throws -> String {
        let path = recordings + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The AX3 device file cut inside a block: a recording that fails at a known byte.
    @discardableResult
    func truncatedCWA(_ relative: String) throws -> String {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: SampleTracesLocation.path("devices/ax3_sample.cwa"))))
        return try write(Array(bytes.prefix(100_000)), to: relative)
    }

    /// The three device files at site-a/, the AX3 again at site-b/P2.cwa, and the AX3 cut short
    /// at site-b/broken.cwa.
    func makeSmallStudySource() throws {
        try copy("devices/ax3_sample.cwa", to: "site-a/ax3.cwa")
        try copy("devices/ax6_sample.cwa", to: "site-a/ax6.cwa")
        try copy("devices/gnactv_sample.bin", to: "site-a/geneactiv.bin")
        try copy("devices/ax3_sample.cwa", to: "site-b/P2.cwa")
        try truncatedCWA("site-b/broken.cwa")
    }

    /// The lines of a file.
    func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

extension TaskIdentity {
    /// A task as the tests name it.
    static let test = TaskIdentity(name: "test", host: "here")
}
