import Foundation
import FootfallTraces

/// Where the repository's SampleTraces live, found from this file's path so tests run from any
/// working directory.
public enum SampleTracesLocation {
    /// The SampleTraces folder.
    public static let folder: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("SampleTraces").path
    }()

    /// A file inside SampleTraces.
    public static func path(_ relative: String) -> String {
        (folder as NSString).appendingPathComponent(relative)
    }

    /// How many steps the golden file of a trace says the detector counts (`NAME.expected`,
    /// written by tools/regen-expected): what the daemon and the CLI must agree with.
    public static func goldenSteps(_ relativeTrace: String) -> Int {
        let expected = goldenPath(relativeTrace)
        guard let data = FileManager.default.contents(atPath: expected),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let steps = object["steps"] as? Int else { return -1 }
        return steps
    }

    /// The golden file of a trace: `NAME.expected` beside it, whatever the recording's format.
    public static func goldenPath(_ relativeTrace: String) -> String {
        let trace = path(relativeTrace)
        let folder = (trace as NSString).deletingLastPathComponent
        return (folder as NSString).appendingPathComponent(Recording.stem((trace as NSString).lastPathComponent) + ".expected")
    }

    /// Every recording in SampleTraces (Footfall's CSV traces and the device files), sorted.
    public static var allTraces: [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var found: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if Recording.looksLikeRecording(relative) { found.append(relative) }
        }
        return found.sorted()
    }
}
