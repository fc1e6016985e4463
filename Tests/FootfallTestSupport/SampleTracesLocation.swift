import Foundation

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
        let expected = path(String(relativeTrace.dropLast(4)) + ".expected")
        guard let data = FileManager.default.contents(atPath: expected),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let steps = object["steps"] as? Int else { return -1 }
        return steps
    }

    /// Every CSV trace in SampleTraces, sorted.
    public static var allTraces: [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var found: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".csv") { found.append(relative) }
        }
        return found.sorted()
    }
}
