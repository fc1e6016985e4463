import Foundation
import Testing

/// Golden files for rendering tests, in Snapshots/ beside this file.
///
/// A test compares its output with the file and fails on any difference, or when the file is
/// missing. To create or rewrite the files after an intended change, run
///
///     FOOTFALL_UPDATE_SNAPSHOTS=1 swift test --filter GoalBarSnapshotTests
///
/// then read the diff (`git diff Tests/FootfallGoalsTests/Snapshots`) before committing.
/// Escape codes are written as the two characters `\e`, so coloured goldens stay readable.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    static var isUpdating: Bool {
        ProcessInfo.processInfo.environment["FOOTFALL_UPDATE_SNAPSHOTS"] == "1"
    }

    /// The golden text of output, escape characters made visible.
    static func visible(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}", with: "\\e")
    }

    /// Expects `actual` to equal the golden file `name`, or writes it when updating.
    static func expectMatch(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        let text = visible(actual)
        if isUpdating {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing snapshot \(name); create it with FOOTFALL_UPDATE_SNAPSHOTS=1 swift test --filter GoalBarSnapshotTests and review it",
                         sourceLocation: sourceLocation)
            return
        }
        guard expected != text else { return }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expectedLines.count, actualLines.count)
        let wanted = first < expectedLines.count ? String(expectedLines[first]) : "(end of file)"
        let got = first < actualLines.count ? String(actualLines[first]) : "(end of output)"
        Issue.record("""
            \(name) differs at line \(first + 1):
              expected: \(wanted)
              actual:   \(got)
            If the change is intended, regenerate with FOOTFALL_UPDATE_SNAPSHOTS=1 swift test --filter GoalBarSnapshotTests
            """, sourceLocation: sourceLocation)
    }
}
